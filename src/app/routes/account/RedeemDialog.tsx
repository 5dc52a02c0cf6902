// The redeem confirmation of RedeemButton.tsx (its lazy chunk): open while mounted; Cancel, Escape
// or a click outside close it, and Radix returns focus to the Redeem button.
import { Button } from '@/components/ui/Button.tsx';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/Dialog.tsx';

export function RedeemDialog(props: {
  name: string;
  pending: boolean;
  onConfirm: () => void;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open onOpenChange={props.onOpenChange}>
      <DialogContent
        title={`Redeem ${props.name}?`}
        description="Do this at the counter, with staff watching: once redeemed, the reward is used up and cannot be restored."
      >
        <div className="flex flex-wrap justify-end gap-3">
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button onClick={props.onConfirm} disabled={props.pending}>
            Yes, redeem it
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
