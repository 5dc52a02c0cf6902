// A business joined or left the programme since the member joined: said on /account ("New: Crumb &
// Co Bakery joined the programme on 3 Dec") for 14 days (the API stops listing it then) or until
// the member dismisses it (remembered on this device). Their consent points at the list of
// businesses, so a change to the list is told to them; members with texts on also get a text.
import { useState } from 'react';
import type { ProgrammeNews as News } from '@contract';
import { Button, ButtonLink } from '@/components/ui/Button.tsx';

export const DISMISSED_NEWS_KEY = 'village-rewards-dismissed-news';

function readDismissed(): number[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(DISMISSED_NEWS_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter((id): id is number => typeof id === 'number') : [];
  } catch {
    return [];
  }
}

function writeDismissed(ids: number[]) {
  try {
    // Only the last few: older news is no longer listed by the API anyway.
    localStorage.setItem(DISMISSED_NEWS_KEY, JSON.stringify(ids.slice(-50)));
  } catch {
    // storage blocked: dismissed for this page view
  }
}

const day = (at: string) => new Date(at).toLocaleDateString(undefined, { day: 'numeric', month: 'short' });

export function newsSentence(news: News): string {
  return news.kind === 'joined'
    ? `New: ${news.businessName} joined the programme on ${day(news.at)}. Your points and rewards count there too.`
    : `${news.businessName} left the programme on ${day(news.at)}. Its rewards can no longer be used there.`;
}

export function ProgrammeNews(props: { news: News[] | undefined }) {
  const [dismissed, setDismissed] = useState(readDismissed);
  const shown = (props.news ?? []).filter((news) => !dismissed.includes(news.id));
  if (shown.length === 0) return null;
  return (
    <section
      aria-label="Programme news"
      className="grid gap-3 rounded-2xl border-2 border-honey-500 bg-cream-100 p-4 text-bark-900"
    >
      <ul className="grid gap-3">
        {shown.map((news) => (
          <li key={news.id} className="flex flex-wrap items-center justify-between gap-3">
            <p className="min-w-0 flex-1 font-semibold wrap-anywhere">{newsSentence(news)}</p>
            <Button
              variant="secondary"
              aria-label={`Dismiss: ${news.businessName} ${news.kind === 'joined' ? 'joined' : 'left'}`}
              onClick={() => {
                const next = [...dismissed, news.id];
                setDismissed(next);
                writeDismissed(next);
              }}
            >
              Dismiss
            </Button>
          </li>
        ))}
      </ul>
      <ButtonLink to="/businesses" variant="ghost" className="justify-self-start">
        See the businesses taking part
      </ButtonLink>
    </section>
  );
}
