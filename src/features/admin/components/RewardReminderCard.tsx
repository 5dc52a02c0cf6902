// The Campaigns tab's automatic reminder: "Your reward is waiting", N days after a reward unlocked
// and was not used. Off until the operator turns it on.
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/Button.tsx';
import { Card, CardTitle } from '@/components/ui/Card.tsx';
import { toast } from '@/components/ui/toast.ts';
import { userMessage } from '@/lib/api-client.ts';
import { useNudgeSettings, useUpdateNudgeSettings } from '../api/nudges.ts';
import { OptionalDaysField } from './OptionalDaysField.tsx';

function ReminderForm(props: { days: number | null }) {
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
      <OptionalDaysField
        toggleLabel="Remind members of an unused reward by text"
        daysLabel="Days after the reward unlocked"
        on={on}
        onToggle={setOn}
        days={days}
        onDaysChange={setDays}
        max={90}
        problem={problem}
      />
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
