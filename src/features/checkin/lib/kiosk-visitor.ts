// The kiosk visitor's stored sign-up (PRODUCT §3: customer_id, customer_name, welcome_reward).
import type { RewardSummary } from '@contract';
import { readSession, readSessionJson, SESSION_KEYS, writeSession } from '@/lib/session-keys.ts';

export interface KioskVisitor {
  customerId: string;
  customerName: string;
  welcomeReward: RewardSummary | null;
}

function asReward(value: unknown): RewardSummary | null {
  if (!value || typeof value !== 'object') return null;
  const { name, description } = value as Record<string, unknown>;
  return typeof name === 'string' ? { name, description: typeof description === 'string' ? description : '' } : null;
}

export function saveVisitor(visitor: KioskVisitor): void {
  writeSession(SESSION_KEYS.customerId, visitor.customerId);
  writeSession(SESSION_KEYS.customerName, visitor.customerName);
  writeSession(SESSION_KEYS.welcomeReward, JSON.stringify(visitor.welcomeReward));
}

export function readVisitor(): KioskVisitor | null {
  const customerId = readSession(SESSION_KEYS.customerId);
  if (!customerId) return null;
  return {
    customerId,
    customerName: readSession(SESSION_KEYS.customerName) ?? '',
    welcomeReward: readSessionJson(SESSION_KEYS.welcomeReward, asReward),
  };
}
