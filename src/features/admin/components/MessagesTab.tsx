// The Messages tab: what visitors sent through the public contact form, newest first. Each can
// be answered by e-mail (a mailto: link with the subject) and marked handled or open again.
import { useState } from 'react';
import type { ContactMessage } from '@contract';
import { Badge } from '@/components/ui/Badge.tsx';
import { Button, buttonClass } from '@/components/ui/Button.tsx';
import { Card } from '@/components/ui/Card.tsx';
import { toast } from '@/components/ui/toast.ts';
import { userMessage } from '@/lib/api-client.ts';
import { useHandleMessage, useMessages } from '../api/get-messages.ts';
import { QueryView } from './QueryState.tsx';

const PAGE = 20;

export function MessagesTab() {
  const [page, setPage] = useState(1);
  const query = useMessages(page, PAGE);
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE));
  return (
    <div className="grid gap-3">
      <QueryView
        query={query}
        emptyText="No messages yet"
        empty={query.data?.messages.length === 0}
        what="the messages"
      >
        <ul className="grid gap-3">
          {query.data?.messages.map((message) => (
            <li key={message.id}>
              <Card className="p-4">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h3 className="font-semibold text-bark-900">
                    {message.subject || '(no subject)'}
                  </h3>
                  <time className="text-sm text-bark-700" dateTime={message.createdAt}>
                    {new Date(message.createdAt).toLocaleString()}
                  </time>
                </div>
                <p className="text-sm text-bark-700">
                  {message.name} ·{' '}
                  <a className="text-meadow-800 underline" href={`mailto:${message.email}`}>
                    {message.email}
                  </a>
                </p>
                <p className="mt-2 whitespace-pre-wrap text-bark-900">{message.message}</p>
                <MessageActions message={message} />
              </Card>
            </li>
          ))}
        </ul>
      </QueryView>
      {total > PAGE ? (
        <nav aria-label="Message pages" className="flex items-center justify-between">
          <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <span className="text-sm text-bark-700">
            Page {page} of {pages}
          </span>
          <Button variant="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Next
          </Button>
        </nav>
      ) : null}
    </div>
  );
}

/** The reply link's address: the sender, with "Re: " and their subject. */
export function replyHref(message: Pick<ContactMessage, 'email' | 'subject'>): string {
  const subject = `Re: ${message.subject || 'your message to Village Rewards'}`;
  return `mailto:${message.email}?subject=${encodeURIComponent(subject)}`;
}

function MessageActions(props: { message: ContactMessage }) {
  const { message } = props;
  const handle = useHandleMessage();
  const handled = message.handledAt !== null;
  const what = message.subject || `the message from ${message.name}`;
  const toggle = () =>
    handle.mutate(
      { id: message.id, handled: !handled },
      {
        onSuccess: () =>
          toast({
            title: handled ? 'Message opened again' : 'Message marked handled',
            description: what,
          }),
        onError: (failure) =>
          toast({ title: 'Error', description: userMessage(failure), variant: 'destructive' }),
      },
    );
  return (
    <div className="mt-3 flex flex-wrap items-center gap-3">
      {handled ? (
        <Badge>Handled {new Date(message.handledAt!).toLocaleDateString()}</Badge>
      ) : (
        <Badge variant="gold">Open</Badge>
      )}
      <a
        className={buttonClass('secondary')}
        href={replyHref(message)}
        aria-label={`Reply to ${message.name} by e-mail`}
      >
        Reply
      </a>
      <Button
        variant={handled ? 'secondary' : 'primary'}
        disabled={handle.isPending}
        onClick={toggle}
      >
        {handled ? 'Open again' : 'Mark handled'}
      </Button>
    </div>
  );
}
