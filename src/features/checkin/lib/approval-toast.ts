// PRODUCT §8's success toasts for an approved visit: 'Welcome!' with the points earned (singular or
// plural) on the welcome screen, 'Visit Approved!' with the points added and the total otherwise.
import type { ApproveVisitResponse } from '@contract';
import type { ToastInput } from '@/components/ui/toast.ts';

export const points = (n: number) => `${n} ${n === 1 ? 'point' : 'points'}`;

type Points = Pick<ApproveVisitResponse, 'pointsEarned' | 'totalPoints'>;

export function welcomeToast(result: Points): ToastInput {
  return { title: 'Welcome!', description: `You earned ${points(result.pointsEarned)}!` };
}

export function approvedToast(result: Points): ToastInput {
  return {
    title: 'Visit Approved!',
    description: `${points(result.pointsEarned)} added. Total: ${points(result.totalPoints)}.`,
  };
}
