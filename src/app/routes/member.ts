// The member's screens (mobile, sign-in, the account QR), one lazy chunk: they share the session
// pieces. The account and its history are ./account.ts.
export { MobileLoginPage } from './mobile/login.tsx';
export { MobileOtpPage } from './mobile/otp.tsx';
export { MobileQrPage } from './mobile/qr.tsx';
export { MobileWalletPage } from './mobile/wallet.tsx';
export { LoginPage } from './auth/login.tsx';
export { LoginVerifyPage } from './auth/verify.tsx';
export { AccountQrPage } from './account/qr.tsx';
