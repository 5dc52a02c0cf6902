// The Programme tab's rewards: every reward, retired ones with what replaced them;
// add a business's welcome reward, edit a reward's wording, retire or replace a welcome reward.
// Members keep what they hold; a business's first approved visit unlocks its current reward.
import { useState, type FormEvent } from 'react';
import { CreateRewardRequest, ReplaceRewardRequest, RewardWordingRequest, type AdminCatalogue } from '@contract';
import { Badge } from '@/components/ui/Badge.tsx';
import { Button } from '@/components/ui/Button.tsx';
import { Dialog, DialogTrigger } from '@/components/ui/Dialog.tsx';
import { toast } from '@/components/ui/toast.ts';
import { userMessage } from '@/lib/api-client.ts';
import {
  useCatalogue,
  useCreateReward,
  useReplaceReward,
  useRetireReward,
  useUpdateReward,
} from '../api/catalogue.ts';
import { ConfirmDialog, FormDialogContent } from './AdminDialog.tsx';
import { CatalogueChangesList } from './CatalogueChanges.tsx';
import { Field, useZodForm } from './ProgrammeForm.tsx';
import { QueryState } from './QueryState.tsx';
import { expiryWords, RewardExpiryDialog } from './RewardExpiryDialog.tsx';

type Reward = AdminCatalogue['rewards'][number];
type Business = AdminCatalogue['businesses'][number];

const failed = (error: unknown) => toast({ title: 'Error', description: userMessage(error), variant: 'destructive' });

export function RewardsSection() {
  const query = useCatalogue();
  const rewards = query.data?.rewards ?? [];
  const businesses = query.data?.businesses ?? [];
  const names = new Map(rewards.map((reward) => [reward.id, reward.name]));
  const without = businesses.filter((business) => business.archivedAt === null && business.welcomeRewardId === null);
  return (
    <section aria-labelledby="programme-rewards" className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h3 id="programme-rewards" className="font-display text-xl font-bold text-bark-900">
            Rewards
          </h3>
          <p className="text-sm text-bark-700">
            A member's first approved visit at a business unlocks its current welcome reward. Members keep the rewards
            they hold when one is retired or replaced.
          </p>
        </div>
        <AddRewardDialog businesses={without} />
      </div>
      <QueryState
        loading={query.isPending}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={rewards.length === 0}
        emptyText="No rewards yet. Add a business's welcome reward."
        what="the rewards"
      >
        <ul className="grid gap-3" aria-label="Rewards">
          {rewards.map((reward) => (
            <RewardRow key={reward.id} reward={reward} replacedByName={reward.replacedBy ? names.get(reward.replacedBy) : undefined} />
          ))}
        </ul>
      </QueryState>
      <h4 className="mt-4 font-semibold text-bark-900">Changes to businesses and rewards</h4>
      <CatalogueChangesList />
    </section>
  );
}

function RewardRow({ reward, replacedByName }: { reward: Reward; replacedByName: string | undefined }) {
  const retired = reward.retiredAt !== null;
  const where = reward.kind === 'welcome' ? `Welcome reward · ${reward.businessName ?? reward.locationId}`
    : reward.kind === 'prize' ? `Prize draw prize · given by ${reward.businessName ?? reward.locationId}`
      : `${reward.tier} tier reward · every business`;
  return (
    <li className={`flex flex-wrap items-start gap-4 rounded-2xl border border-cream-200 p-4 ${retired ? 'bg-cream-50' : 'bg-white'}`}>
      <div className="min-w-48 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-semibold text-bark-900">
          {reward.name}
          {retired ? <Badge>Retired</Badge> : null}
        </p>
        <p className="text-sm text-bark-700">{where}</p>
        {reward.description ? <p className="text-sm text-bark-700">{reward.description}</p> : null}
        <p className="text-sm text-bark-700">
          {reward.holders} {reward.holders === 1 ? 'member holds' : 'members hold'} it unused
          {retired && replacedByName ? ` · replaced by ${replacedByName}` : ''}
        </p>
        <p className="text-sm text-bark-700">
          {expiryWords(reward.expiresAfterDays)}
          {reward.expired > 0 ? ` · ${reward.expired} expired unused` : ''}
        </p>
      </div>
      {retired ? null : (
        <div className="flex flex-wrap gap-2">
          <WordingDialog reward={reward} mode="edit" />
          <RewardExpiryDialog reward={reward} />
          {reward.kind === 'welcome' ? (
            <>
              <WordingDialog reward={reward} mode="replace" />
              <RetireDialog reward={reward} />
            </>
          ) : null}
        </div>
      )}
    </li>
  );
}

function WordingDialog({ reward, mode }: { reward: Reward; mode: 'edit' | 'replace' }) {
  const replacing = mode === 'replace';
  const blank = replacing ? { name: '', description: '', reason: '' } : { name: reward.name, description: reward.description, reason: '' };
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState(blank);
  const form = useZodForm(replacing ? ReplaceRewardRequest : RewardWordingRequest);
  const update = useUpdateReward();
  const replace = useReplaceReward();
  const pending = update.isPending || replace.isPending;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = replacing ? { ...values, reason: values.reason || undefined } : { name: values.name, description: values.description };
    if (!form.validate(body)) return;
    const onError = (error: unknown) => {
      form.setErrors({ form: userMessage(error) });
      failed(error);
    };
    const onSuccess = () => {
      setOpen(false);
      toast({
        title: replacing ? 'Reward replaced' : 'Reward saved',
        description: replacing
          ? `${values.name} is now the welcome reward at ${reward.businessName}. Members who hold ${reward.name} keep it.`
          : `${values.name} is up to date.`,
      });
    };
    // mutateAsync, not mutate's callbacks: a replaced reward's row turns retired (its buttons, this
    // dialog among them, are gone) when the catalogue refreshes, before mutate's callbacks would run.
    const done = replacing
      ? replace.mutateAsync({ id: reward.id, ...body })
      : update.mutateAsync({ id: reward.id, name: values.name, description: values.description });
    done.then(onSuccess, onError);
  };
  const set = (key: keyof typeof values) => (value: string) => setValues((old) => ({ ...old, [key]: value }));
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          setValues(blank);
          form.setErrors({});
        }
      }}
    >
      <DialogTrigger asChild>
        <Button variant="secondary" aria-label={`${replacing ? 'Replace' : 'Edit'} ${reward.name}`}>
          {replacing ? 'Replace' : 'Edit'}
        </Button>
      </DialogTrigger>
      <FormDialogContent
        title={replacing ? `Replace ${reward.name}` : `Edit ${reward.name}`}
        description={
          replacing
            ? `The new reward is unlocked by first visits from now on. Members who hold ${reward.name} keep it and never get both.`
            : 'The same reward with new words: members who hold it see them too.'
        }
        onSubmit={submit}
        submitLabel={pending ? 'Saving…' : replacing ? 'Replace reward' : 'Save reward'}
        pending={pending}
        formError={form.errors.form}
      >
        <Field label={replacing ? 'New reward name' : 'Name'} name="name" required autoFocus value={values.name} onChange={set('name')} error={form.errors.name} />
        <Field label="Description" name="description" multiline value={values.description} onChange={set('description')} error={form.errors.description} />
        {replacing ? <Field label="Reason" name="reason" value={values.reason} onChange={set('reason')} error={form.errors.reason} /> : null}
      </FormDialogContent>
    </Dialog>
  );
}

function RetireDialog({ reward }: { reward: Reward }) {
  const [reason, setReason] = useState('');
  const retire = useRetireReward();
  // mutateAsync: the retired reward's row loses this button when the catalogue refreshes.
  const confirm = () =>
    retire.mutateAsync({ id: reward.id, reason: reason.trim() || undefined }).then(() => {
      setReason('');
      toast({
        title: 'Reward retired',
        description: `Nobody unlocks ${reward.name} any more; members who hold it keep it. ${reward.businessName} has no welcome reward until you add one.`,
      });
    }, failed);
  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" aria-label={`Retire ${reward.name}`}>
          Retire
        </Button>
      }
      title={`Retire ${reward.name}?`}
      description={`Nobody unlocks it any more. The ${reward.holders} ${reward.holders === 1 ? 'member who holds' : 'members who hold'} it keep it and can still use it.`}
      confirmLabel="Retire reward"
      pending={retire.isPending}
      onConfirm={confirm}
    >
      <Field label="Reason" name="reason" value={reason} onChange={setReason} />
    </ConfirmDialog>
  );
}

function AddRewardDialog({ businesses }: { businesses: Business[] }) {
  const blank = () => ({ locationId: businesses[0]?.id ?? '', name: '', description: '' });
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState(blank);
  const form = useZodForm(CreateRewardRequest);
  const create = useCreateReward();
  const set = (key: keyof ReturnType<typeof blank>) => (value: string) => setValues((old) => ({ ...old, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.validate(values)) return;
    const business = businesses.find((item) => item.id === values.locationId);
    create.mutate(values, {
      onSuccess: (reward) => {
        setOpen(false);
        toast({
          title: 'Welcome reward added',
          description: `A first approved visit at ${business?.businessName ?? values.locationId} now unlocks ${reward.name}.`,
        });
      },
      onError: (error) => {
        form.setErrors({ form: userMessage(error) });
        failed(error);
      },
    });
  };
  if (businesses.length === 0) {
    return <p className="max-w-xs text-sm text-bark-700">Every business has a welcome reward: replace one to change it.</p>;
  }
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          setValues(blank());
          form.setErrors({});
        }
      }}
    >
      <DialogTrigger asChild>
        <Button>Add a welcome reward</Button>
      </DialogTrigger>
      <FormDialogContent
        title="Add a welcome reward"
        description="For a business that has none: its members' first approved visit there unlocks it."
        onSubmit={submit}
        submitLabel={create.isPending ? 'Adding…' : 'Add reward'}
        pending={create.isPending}
        formError={form.errors.form}
      >
        <Field
          label="Business"
          name="locationId"
          required
          value={values.locationId}
          onChange={set('locationId')}
          error={form.errors.locationId}
          options={businesses.map((business) => [business.id, business.businessName] as const)}
        />
        <Field label="Reward name" name="name" required value={values.name} onChange={set('name')} error={form.errors.name} placeholder="Free Key Cut" />
        <Field label="Description" name="description" multiline value={values.description} onChange={set('description')} error={form.errors.description} />
      </FormDialogContent>
    </Dialog>
  );
}
