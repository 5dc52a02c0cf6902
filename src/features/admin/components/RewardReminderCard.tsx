// The Campaigns tab's automatic reminder: "Your reward is waiting", N days after a reward unlocked
// and was not used. Off until the operator turns it on.
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/Button.tsx';
import { Card, CardTitle } from '@/components/ui/Card.tsx';
import { FieldError, Input, Label } from '@/components/ui/Input.tsx';
import { toast } from '@/components/ui/toast.ts';
import { userMessage } from '@/lib/api-client.ts';
import { useNudgeSettings, useUpdateNudgeSettings } from '../api/nudges.ts';

function ReminderForm(props: { days: number | null }) {
  const id = useId();
  const save = useUpdateNudgeSettings();
  const [on, setOn] = useState(props.days !== null);
  const [days, setDays] = useState(String(props.days ?? 7));
  const [problem, setProblem] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = Number(days);
    if (on && (!Number.isInteger(value) || value < 1 || value > 90)) {
      setProblem('Between 1 and 90 days');
      return;
    }
    setProblem(undefined);
    save.mutate(on ? value : null, {
      onSuccess: (saved) => toast({
        title: 'Saved',
        description: saved.rewardWaitingDays === null ? 'No reminders will be sent.'
          : `Members are reminded ${saved.rewardWaitingDays} ${saved.rewardWaitingDays === 1 ? 'day' : 'days'} after a reward unlocks.`,
      }),
      onError: (error) => toast({ title: 'Not saved', description: userMessage(error), variant: 'destructive' }),
    });
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-3">
      <label className="flex min-h-11 items-center gap-3">
        <input type="checkbox" checked={on} onChange={(e) => setOn(e.target.checked)} className="size-5 accent-meadow-700" />
        Remind members of an unused reward by text
      </label>
      {on ? (
        <div className="w-56">
          <Label htmlFor={`${id}-days`}>Days after the reward unlocked</Label>
          <Input id={`${id}-days`} type="number" min={1} max={90} value={days} onChange={(e) => setDays(e.target.value)}
                 aria-invalid={problem ? true : undefined} aria-describedby={problem ? `${id}-days-error` : undefined} />
          <FieldError id={`${id}-days-error`} message={problem} />
        </div>
      ) : null}
      <div><Button type="submit" variant="secondary" disabled={save.isPending}>Save reminder</Button></div>
    </form>
  );
}

export function RewardReminderCard() {
  const settings = useNudgeSettings();
  return (
    <Card className="mt-4 grid gap-3 p-5">
      <CardTitle>Reminder: &ldquo;Your reward is waiting&rdquo;</CardTitle>
      <p className="text-sm text-bark-700">
        One text per reward, only to members who agreed to texts, never in quiet hours, and counted in the weekly limit of
        offers.
      </p>
      {settings.isPending ? (
        <p role="status">Loading the reminder…</p>
      ) : settings.isError ? (
        <p role="alert">Could not load the reminder. {userMessage(settings.error)}</p>
      ) : (
        <ReminderForm key={String(settings.data.rewardWaitingDays)} days={settings.data.rewardWaitingDays} />
      )}
    </Card>
  );
}
