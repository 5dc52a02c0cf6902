// The staff counter screens, one lazy chunk.
export { StaffCounterPage } from './counter.tsx';
