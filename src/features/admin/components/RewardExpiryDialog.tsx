// A reward's optional expiry (docs/RULES.md "Reward expiry"): off by default; the operator says an
// unused reward expires N days (1–365) after it unlocks. Rewards members already hold get at least
// N days from the change, and a change never brings a member's date earlier. Members are warned
// REWARD_EXPIRY_WARNING_DAYS days before, on their account and by a text if they agreed.
import { useState, type FormEvent } from 'react';
import { REWARD_EXPIRY_WARNING_DAYS, RewardExpiryRequest, type AdminCatalogue } from '@contract';
import { Button } from '@/components/ui/Button.tsx';
import { Dialog, DialogTrigger } from '@/components/ui/Dialog.tsx';
import { toast } from '@/components/ui/toast.ts';
import { userMessage } from '@/lib/api-client.ts';
import { useSetRewardExpiry } from '../api/catalogue.ts';
import { FormDialogContent } from '@/components/ui/FormDialog.tsx';
import { OptionalDaysField } from './OptionalDaysField.tsx';
import { useZodForm } from './ProgrammeForm.tsx';

type Reward = AdminCatalogue['rewards'][number];

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/** "Expires 30 days after it unlocks" or "Never expires", for the reward's row. */
export const expiryWords = (expiresAfterDays: number | null) =>
  expiresAfterDays === null ? 'Never expires' : `Expires ${days(expiresAfterDays)} after it unlocks`;

export function RewardExpiryDialog({ reward }: { reward: Reward }) {
  const [open, setOpen] = useState(false);
  const [on, setOn] = useState(reward.expiresAfterDays !== null);
  const [typed, setTyped] = useState(String(reward.expiresAfterDays ?? 90));
  const form = useZodForm(RewardExpiryRequest);
  const save = useSetRewardExpiry();
  const reset = () => {
    setOn(reward.expiresAfterDays !== null);
    setTyped(String(reward.expiresAfterDays ?? 90));
    form.setErrors({});
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { expiresAfterDays: on ? (typed.trim() === '' ? Number.NaN : Number(typed)) : null };
    if (!form.validate(body)) return;
    save.mutateAsync({ id: reward.id, ...body }).then(
      (saved) => {
        setOpen(false);
        toast({
          title: 'Expiry saved',
          description: saved.expiresAfterDays === null
            ? `${reward.name} never expires.`
            : `${reward.name} now expires ${days(saved.expiresAfterDays)} after it unlocks. Members who hold it have at least ${days(saved.expiresAfterDays)} from today.`,
        });
      },
      (error: unknown) => {
        form.setErrors({ form: userMessage(error) });
        toast({ title: 'Not saved', description: userMessage(error), variant: 'destructive' });
      },
    );
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="secondary" aria-label={`Expiry of ${reward.name}`}>
          Expiry
        </Button>
      </DialogTrigger>
      <FormDialogContent
        title={`Expiry of ${reward.name}`}
        description={
          `Points never expire. A reward does only if you say so here. Members who already hold it unused get at least ` +
          `that many days from today, and a change never brings a member's date earlier. Members are warned ` +
          `${days(REWARD_EXPIRY_WARNING_DAYS)} before: on their account, and by one text if they agreed to texts.`
        }
        onSubmit={submit}
        submitLabel={save.isPending ? 'Saving…' : 'Save expiry'}
        pending={save.isPending}
        formError={form.errors.form}
      >
        <OptionalDaysField
          toggleLabel="This reward expires if it is not used"
          daysLabel="Days after it unlocks"
          on={on}
          onToggle={setOn}
          days={typed}
          onDaysChange={setTyped}
          max={365}
          problem={form.errors.expiresAfterDays}
        />
      </FormDialogContent>
    </Dialog>
  );
}
