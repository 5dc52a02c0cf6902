// /admin → Programme → Wallet cards: a provider is "set up", or the secret names it is missing.
import { screen } from '@testing-library/react';
import { fakeApi } from '@/test/fake-api.ts';
import { renderWithRouter } from '@/test/render-with-router.tsx';
import { WalletSection } from './WalletSection.tsx';

afterEach(() => vi.unstubAllGlobals());

it('names the missing secrets of a provider that is not set up', async () => {
  fakeApi({
    'GET /api/admin/wallet': [
      200,
      {
        apple: { configured: false, missing: ['APPLE_TEAM_ID', 'APPLE_PASS_CERT'] },
        google: { configured: true, missing: [] },
      },
    ],
  });
  renderWithRouter(<WalletSection />);
  expect(await screen.findByText('missing APPLE_TEAM_ID, APPLE_PASS_CERT')).toBeInTheDocument();
  expect(screen.getByText(/Members see no "Add to Apple Wallet" button/)).toBeInTheDocument();
  expect(screen.getByText('set up')).toBeInTheDocument();
  expect(screen.getByText(/Members see "Save to Google Wallet"/)).toBeInTheDocument();
});
