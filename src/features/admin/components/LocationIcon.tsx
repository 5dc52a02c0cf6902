// The business icons are shared UI now (the public landing and cards draw them too).
export { LocationIcon } from '@/components/ui/LocationIcon.tsx';
