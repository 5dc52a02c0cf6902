// A business's colours are shared (the public landing and cards use them too): src/lib/location-style.ts.
export { chartColour, locationColourClass } from '@/lib/location-style.ts';
