// The frame of a Programme-tab settings section (Limits, Texts, Tiers, Public content, Wallet
// cards): its heading, what it sets, then its query's loading and error states around the form;
// and the foot of such a form: the API's problems, Save, and "Nothing changed." when so.
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/Button.tsx';
import { Card } from '@/components/ui/Card.tsx';
import { FormProblems } from './FormProblems.tsx';
import { QueryView, type QueryLike } from './QueryState.tsx';

export function SettingsCard(props: {
  title: string;
  /** The heading's id, for the form's aria-labelledby. */
  headingId?: string;
  intro: ReactNode;
  query: QueryLike;
  /** "the limits"… for the loading and error sentences. */
  what: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <h2 id={props.headingId} className="font-display text-xl font-bold">
        {props.title}
      </h2>
      <p className="mt-1 text-sm text-bark-700">{props.intro}</p>
      <QueryView query={props.query} what={props.what}>
        {props.children}
      </QueryView>
    </Card>
  );
}

export function SaveRow(props: {
  save: { error: unknown; isPending: boolean };
  label: string;
  /** Submitted with nothing changed: said until the next change. */
  nothingChanged: boolean;
}) {
  return (
    <>
      <FormProblems error={props.save.error} />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={props.save.isPending}>
          {props.save.isPending ? 'Saving…' : props.label}
        </Button>
        {props.nothingChanged && !props.save.isPending ? (
          <p role="status" className="text-sm text-bark-700">
            Nothing changed.
          </p>
        ) : null}
      </div>
    </>
  );
}
