// Demo mode: the app asks whether it is on, and a member's 'Simulate Scan' approves
// their own pending check-in through the real approval rules — only while demo mode is on.
import { z } from 'zod';

export const DemoModeResponse = z.object({
  demoMode: z.boolean().describe('DEMO_MODE: unenrolled kiosks are trusted and Simulate Scan works'),
});
export type DemoModeResponse = z.infer<typeof DemoModeResponse>;

export const SimulateScanRequest = z.strictObject({
  token: z.string().trim().min(1, 'A check-in token is required').max(200),
});
export type SimulateScanRequest = z.input<typeof SimulateScanRequest>;
