// The public site's shared reads: the small cache fetches once, keeps a fresh answer, shows an
// error and refetches it; the QueryClient takes over what it holds, and serves the reads after.
import { act, render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { connectSharedReads } from './query-client.ts';
import { useSharedRead } from './public-query.ts';

function Reader(props: { name: string; fetcher: () => Promise<string> }) {
  const read = useSharedRead(props.name, props.fetcher);
  return (
    <p>
      {props.name}: {read.isPending ? 'pending' : read.isError ? 'error' : read.data}
      <button type="button" onClick={() => void read.refetch()}>
        again {props.name}
      </button>
    </p>
  );
}

it('fetches a key once for every reader, then serves the fresh answer to a new reader', async () => {
  const fetcher = vi.fn(async () => 'seven');
  const first = render(<><Reader name="/a" fetcher={fetcher} /><Reader name="/a" fetcher={fetcher} /></>);
  expect(await screen.findAllByText('/a: seven')).toHaveLength(2);
  first.unmount();
  render(<Reader name="/a" fetcher={fetcher} />);
  expect(screen.getByText('/a: seven')).toBeInTheDocument();
  expect(fetcher).toHaveBeenCalledTimes(1);
});

it('shows an error, and a refetch that succeeds replaces it', async () => {
  const fetcher = vi.fn().mockRejectedValueOnce(new TypeError('offline')).mockResolvedValue('back');
  render(<Reader name="/b" fetcher={fetcher} />);
  expect(await screen.findByText('/b: error')).toBeInTheDocument();
  await act(async () => screen.getByRole('button', { name: 'again /b' }).click());
  expect(await screen.findByText('/b: back')).toBeInTheDocument();
});

it('hands its answers to the QueryClient, which serves the reads from then on', async () => {
  render(<Reader name="/c" fetcher={async () => 'small cache'} />);
  expect(await screen.findByText('/c: small cache')).toBeInTheDocument();
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  act(() => connectSharedReads(client));
  expect(client.getQueryData(['/c'])).toBe('small cache');
  act(() => client.setQueryData(['/c'], 'query client'));
  expect(await screen.findByText('/c: query client')).toBeInTheDocument();
});
