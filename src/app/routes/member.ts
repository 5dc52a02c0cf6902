// The member's screens (mobile, sign-in, account), one lazy chunk: they share the session pieces.
export { MobileLoginPage } from './mobile/login.tsx';
export { MobileOtpPage } from './mobile/otp.tsx';
export { MobileQrPage } from './mobile/qr.tsx';
export { MobileWalletPage } from './mobile/wallet.tsx';
export { LoginPage } from './auth/login.tsx';
export { LoginVerifyPage } from './auth/verify.tsx';
export { AccountPage } from './account/index.tsx';
export { AccountQrPage } from './account/qr.tsx';
export { AccountHistoryPage } from './account/history.tsx';
