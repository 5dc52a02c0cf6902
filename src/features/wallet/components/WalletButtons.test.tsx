// The wallet buttons show only for a provider the operator configured (GET /api/wallet/config):
// none while that is unknown or unreadable, a sign-in link for a visitor, and a download or a
// save link for the signed-in member, with the failure said in words.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '@/test/fake-api.ts';
import { renderWithRouter } from '@/test/render-with-router.tsx';
import { WalletButtons } from './WalletButtons.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const APPLE = /Add to Apple Wallet/;
const GOOGLE = /Save to Google Wallet/;

describe('WalletButtons', () => {
  it('shows nothing when no provider is configured, or when the configuration cannot be read', async () => {
    const api = fakeApi({ 'GET /api/wallet/config': [200, { apple: false, google: false }] });
    const first = renderWithRouter(<WalletButtons signedIn />);
    await waitFor(() =>
      expect(first.queryClient.getQueryState(['/api/wallet/config'])?.status).toBe('success'),
    );
    expect(api.of('GET /api/wallet/config')).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'Your card on your phone' })).toBeNull();
    expect(screen.queryByRole('button', { name: APPLE })).toBeNull();
    first.unmount();

    fakeApi({
      'GET /api/wallet/config': [503, { error: { code: 'unavailable', message: 'down' } }],
    });
    const second = renderWithRouter(<WalletButtons signedIn />);
    await waitFor(() =>
      expect(second.queryClient.getQueryState(['/api/wallet/config'])?.status).toBe('error'),
    );
    expect(screen.queryByRole('button', { name: APPLE })).toBeNull();
    expect(screen.queryByRole('button', { name: GOOGLE })).toBeNull();
  });

  it("shows only the configured provider's button, and downloads the member's pass", async () => {
    const api = fakeApi({
      'GET /api/wallet/config': [200, { apple: true, google: false }],
      'GET /api/wallet/apple/pass': [200, 'PK-pass-bytes'],
    });
    const createObjectURL = vi.fn(() => 'blob:pass');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });
    renderWithRouter(<WalletButtons signedIn />);
    const apple = await screen.findByRole('button', { name: APPLE });
    expect(screen.queryByRole('button', { name: GOOGLE })).toBeNull();
    expect(screen.getByText(/Keep your member card in Apple Wallet:/)).toBeInTheDocument();

    await userEvent.click(apple);
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(api.of('GET /api/wallet/apple/pass')).toHaveLength(1);
    expect(clicked[0]!.download).toBe('village-rewards.pkpass');
    expect(clicked[0]!.getAttribute('href')).toBe('blob:pass');
    const blob = (createObjectURL.mock.calls[0] as unknown as [Blob])[0];
    expect(blob.type).toBe('application/vnd.apple.pkpass');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows both when both are configured, and says so when the card cannot be made', async () => {
    fakeApi({
      'GET /api/wallet/config': [200, { apple: true, google: true }],
      'GET /api/wallet/google/link': [
        429,
        { error: { code: 'rate_limited', message: 'Too many requests; try again later' } },
      ],
    });
    renderWithRouter(<WalletButtons signedIn />);
    expect(await screen.findByRole('button', { name: APPLE })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: GOOGLE }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "We couldn't make your wallet card.",
    );
  });

  it('asks a visitor to sign in first, with no button that would fail', async () => {
    fakeApi({ 'GET /api/wallet/config': [200, { apple: true, google: true }] });
    renderWithRouter(<WalletButtons signedIn={false} signInTo="/login" />);
    expect(await screen.findByRole('link', { name: 'Sign in to add it' })).toHaveAttribute(
      'href',
      '/login',
    );
    expect(screen.getByText(/Apple Wallet or Google Wallet/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: APPLE })).toBeNull();
  });
});
