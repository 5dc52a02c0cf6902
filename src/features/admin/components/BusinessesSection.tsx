// The Programme tab's businesses: every business, archived ones last; add one (its
// landing /slug and join page /business/slug/join exist at once), edit it, archive or restore it.
// Each change is audited by the api.
import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import {
  CreateBusinessRequest,
  LOCATION_COLOURS,
  LOCATION_ICONS,
  UpdateBusinessRequest,
  type CatalogueBusiness,
} from '@contract';
import { Badge } from '@/components/ui/Badge.tsx';
import { BusinessLogo } from '@/components/ui/BusinessLogo.tsx';
import { Button } from '@/components/ui/Button.tsx';
import { Dialog, DialogTrigger } from '@/components/ui/Dialog.tsx';
import { toast } from '@/components/ui/toast.ts';
import { userMessage } from '@/lib/api-client.ts';
import { useArchiveBusiness, useCatalogue, useCreateBusiness, useUpdateBusiness } from '../api/catalogue.ts';
import { ConfirmDialog, FormDialogContent } from '@/components/ui/FormDialog.tsx';
import { BusinessImageUpload } from './BusinessImageUpload.tsx';
import { CatalogueSection, Field, useFormDialog } from './ProgrammeForm.tsx';

const ICON_OPTIONS = LOCATION_ICONS.map((icon) => [icon, icon.replace('-', ' ')] as const);
const COLOUR_OPTIONS = LOCATION_COLOURS.map((colour) => [colour, colour] as const);

type Values = {
  slug: string;
  businessName: string;
  kind: string;
  description: string;
  address: string;
  hours: string;
  logoUrl: string;
  icon: string;
  color: string;
};
const EMPTY: Values = {
  slug: '', businessName: '', kind: '', description: '', address: '', hours: '', logoUrl: '', icon: 'store', color: 'green',
};

const failed = (error: unknown) => toast({ title: 'Error', description: userMessage(error), variant: 'destructive' });

export function BusinessesSection() {
  const query = useCatalogue();
  const businesses = query.data?.businesses ?? [];
  return (
    <CatalogueSection
      headingId="programme-businesses"
      title="Businesses"
      intro="Each business has its kiosk landing at /its-web-address and its join page at /business/its-web-address/join."
      add={<BusinessDialog mode="create" />}
      query={query}
      empty={businesses.length === 0}
      emptyText="No businesses yet. Add the first one."
      what="the businesses"
      list={businesses.map((business) => (
        <BusinessRow key={business.id} business={business} />
      ))}
    />
  );
}

function BusinessRow({ business }: { business: CatalogueBusiness }) {
  const archived = business.archivedAt !== null;
  return (
    <li
      className={`flex flex-wrap items-start gap-4 rounded-2xl border p-4 ${archived ? 'border-cream-200 bg-cream-50' : 'border-cream-200 bg-white'}`}
    >
      <BusinessLogo location={business} />
      <div className="min-w-48 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-semibold text-bark-900">
          {business.businessName}
          {archived ? <Badge>Archived</Badge> : null}
        </p>
        <p className="text-sm text-bark-700">
          {business.kind} · /{business.slug}
          {business.address ? ` · ${business.address}` : ''}
        </p>
        {business.hours ? <p className="text-sm text-bark-700">Hours: {business.hours}</p> : null}
      </div>
      <div className="flex flex-wrap gap-2">
        {archived ? null : (
          <a
            className="inline-flex min-h-11 items-center rounded-full px-3 text-sm font-semibold text-meadow-800 underline"
            href={`/${business.slug}`}
            target="_blank"
            rel="noreferrer"
          >
            Landing<span className="sr-only"> of {business.businessName} (opens a new tab)</span>
          </a>
        )}
        <BusinessDialog mode="edit" business={business} />
        <ArchiveDialog business={business} />
      </div>
    </li>
  );
}

function BusinessDialog(props: { mode: 'create' } | { mode: 'edit'; business: CatalogueBusiness }) {
  const editing = props.mode === 'edit' ? props.business : null;
  // Only the form's own fields: the catalogue row also has id, sortOrder, archivedAt… which the
  // strict request schema refuses (editing a business failed with "Unrecognized keys").
  const initial = (): Values =>
    editing
      ? {
          slug: editing.slug,
          businessName: editing.businessName,
          kind: editing.kind,
          description: editing.description,
          address: editing.address,
          hours: editing.hours,
          logoUrl: editing.logoUrl,
          icon: editing.icon,
          color: editing.color,
        }
      : EMPTY;
  const { setOpen, values, set, form, rootProps } = useFormDialog(editing ? UpdateBusinessRequest : CreateBusinessRequest, initial);
  const create = useCreateBusiness();
  const update = useUpdateBusiness();
  const pending = create.isPending || update.isPending;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { slug: _slug, ...fields } = values;
    const parsed = form.validate(editing ? fields : values);
    if (!parsed) return;
    const done = (business: CatalogueBusiness) => {
      setOpen(false);
      toast({
        title: editing ? 'Business saved' : 'Business added',
        description: editing
          ? `${business.businessName} is up to date.`
          : `${business.businessName} has its landing at /${business.slug}. Add its welcome reward below.`,
      });
    };
    const onError = (error: unknown) => {
      const message = userMessage(error);
      form.setErrors(/web address/i.test(message) ? { slug: message } : { form: message });
      failed(error);
    };
    if (editing) update.mutate({ id: editing.id, ...(parsed as z.output<typeof UpdateBusinessRequest>) }, { onSuccess: done, onError });
    else create.mutate(parsed as z.output<typeof CreateBusinessRequest>, { onSuccess: done, onError });
  };
  return (
    <Dialog {...rootProps}>
      <DialogTrigger asChild>
        {editing ? (
          <Button variant="secondary" aria-label={`Edit ${editing.businessName}`}>
            Edit
          </Button>
        ) : (
          <Button>Add a business</Button>
        )}
      </DialogTrigger>
      <FormDialogContent
        title={editing ? `Edit ${editing.businessName}` : 'Add a business'}
        description={
          editing
            ? `Its web address /${editing.slug} stays: kiosks, QR codes and printed links use it.`
            : 'It appears on the businesses page, and gets a kiosk landing and a join page.'
        }
        onSubmit={submit}
        submitLabel={pending ? 'Saving…' : editing ? 'Save business' : 'Add business'}
        pending={pending}
        formError={form.errors.form}
      >
        {editing ? null : (
          <Field
            label="Web address"
            name="slug"
            required
            autoFocus
            value={values.slug}
            onChange={(value) => set('slug')(value.toLowerCase())}
            error={form.errors.slug}
            placeholder="mill-street-hardware"
            hint={`Lower-case letters, digits and dashes: the landing is /${values.slug || 'web-address'}. It cannot change later.`}
          />
        )}
        <Field label="Name" name="businessName" required value={values.businessName} onChange={set('businessName')} error={form.errors.businessName} />
        <Field label="Kind of business" name="kind" required value={values.kind} onChange={set('kind')} error={form.errors.kind} placeholder="bakery" />
        <Field label="Description" name="description" multiline value={values.description} onChange={set('description')} error={form.errors.description} />
        <Field label="Address" name="address" value={values.address} onChange={set('address')} error={form.errors.address} />
        <Field label="Opening hours" name="hours" value={values.hours} onChange={set('hours')} error={form.errors.hours} placeholder="Tue–Sun 7am–3pm" />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Icon" name="icon" required value={values.icon} onChange={set('icon')} error={form.errors.icon} options={ICON_OPTIONS} />
          <Field label="Colour" name="color" required value={values.color} onChange={set('color')} error={form.errors.color} options={COLOUR_OPTIONS} />
        </div>
        <Field
          label="Image address"
          name="logoUrl"
          value={values.logoUrl}
          onChange={set('logoUrl')}
          error={form.errors.logoUrl}
          placeholder="https://…"
          hint="A square logo (https://…), or upload one below. Left empty, the icon on its colour is shown."
        />
        <BusinessImageUpload slug={editing?.slug ?? values.slug} onUploaded={set('logoUrl')} />
        <div className="flex items-center gap-3 text-sm text-bark-700">
          <BusinessLogo location={{ ...values, businessName: values.businessName || 'The business' }} />
          Preview
        </div>
      </FormDialogContent>
    </Dialog>
  );
}

function ArchiveDialog({ business }: { business: CatalogueBusiness }) {
  const archived = business.archivedAt !== null;
  const [reason, setReason] = useState('');
  const archive = useArchiveBusiness();
  const confirm = () =>
    archive.mutate(
      { id: business.id, archive: !archived, reason: reason.trim() || undefined },
      {
        onSuccess: () => {
          setReason('');
          toast({
            title: archived ? 'Business restored' : 'Business archived',
            description: archived
              ? `${business.businessName} is back on the public pages.`
              : `${business.businessName} is hidden from the public pages; its history stays.`,
          });
        },
        onError: failed,
      },
    );
  return (
    <ConfirmDialog
      trigger={
        <Button variant={archived ? 'secondary' : 'ghost'} aria-label={`${archived ? 'Restore' : 'Archive'} ${business.businessName}`}>
          {archived ? 'Restore' : 'Archive'}
        </Button>
      }
      title={`${archived ? 'Restore' : 'Archive'} ${business.businessName}?`}
      description={
        archived
          ? 'It comes back on the businesses page, its landing and join page, and takes members and visits again.'
          : 'It leaves the businesses page, its landing, join page and kiosks, and takes no new members or visits. Its history, settlement and reports stay.'
      }
      confirmLabel={archived ? 'Restore business' : 'Archive business'}
      variant={archived ? 'primary' : 'destructive'}
      pending={archive.isPending}
      onConfirm={confirm}
    >
      <Field label="Reason" name="reason" value={reason} onChange={setReason} />
    </ConfirmDialog>
  );
}
