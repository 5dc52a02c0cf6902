// Contact (PRODUCT §2): the form (stored through POST /api/contact), how to reach us (content the
// operator edits, GET /api/programme), and an FAQ.
import { Card } from '@/components/ui/Card.tsx';
import { ContactForm } from '@/features/contact/components/ContactForm.tsx';
import { Skeleton } from '@/components/ui/Skeleton.tsx';
import { useProgramme } from '@/lib/programme.ts';
import { usePageTitle } from '@/lib/use-page-title.ts';

const FAQ = [
  ['Do my points expire?', 'No. Points never expire, so you can keep earning at your own pace.'],
  [
    'How do I earn points?',
    'Show your QR code when you visit a participating business. Each approved visit earns 5 points.',
  ],
  [
    'When do I get my welcome reward?',
    'Each business gives you its welcome reward once, on your first visit there.',
  ],
  [
    'Do I have to receive text messages?',
    'No. SMS offers are optional and never a condition of joining. Reply STOP to any message to opt out.',
  ],
];

export function ContactPage() {
  usePageTitle('Contact Us');
  const programme = useProgramme();
  const contact = programme.data?.content.contact;
  const faq = contact ? [...FAQ, ['How soon will you answer?', `We reply within ${contact.responseTime}.`]] : FAQ;
  return (
    <>
      <section className="bg-gradient-to-b from-cream-100 to-cream-50">
        <div className="mx-auto max-w-6xl px-4 py-12">
          <h1 className="font-display text-3xl font-bold text-meadow-800 sm:text-4xl">
            Contact Us
          </h1>
          <p className="mt-3 max-w-2xl text-bark-700">
            Questions about your points, a reward or joining as a business? Send us a message.
          </p>
        </div>
      </section>
      <div className="mx-auto grid max-w-6xl gap-8 px-4 pb-12 lg:grid-cols-[2fr_1fr]">
        <Card>
          <h2 className="mb-5 font-display text-xl font-bold">Send a message</h2>
          <ContactForm />
        </Card>
        <Card className="h-fit">
          <h2 className="font-display text-xl font-bold">Get in touch</h2>
          {programme.isPending ? (
            <div className="mt-4 grid gap-3">
              <p role="status" className="sr-only">
                Loading the contact details…
              </p>
              <Skeleton className="h-10" />
              <Skeleton className="h-10" />
            </div>
          ) : contact ? (
            <dl className="mt-4 space-y-3 text-sm">
              <div>
                <dt className="font-semibold">Email</dt>
                <dd>
                  <a className="text-meadow-800 underline" href={`mailto:${contact.email}`}>
                    {contact.email}
                  </a>
                </dd>
              </div>
              <div>
                <dt className="font-semibold">Phone</dt>
                <dd>{contact.phone}</dd>
              </div>
              <div>
                <dt className="font-semibold">Hours</dt>
                <dd>{contact.hours}</dd>
              </div>
              <div>
                <dt className="font-semibold">Response time</dt>
                <dd>We answer within {contact.responseTime}.</dd>
              </div>
            </dl>
          ) : (
            <p className="mt-4 text-sm text-bark-700">Send us a message with the form and we will answer you.</p>
          )}
        </Card>
      </div>
      <section aria-labelledby="faq-heading" className="bg-cream-100">
        <div className="mx-auto max-w-3xl px-4 py-12">
          <h2 id="faq-heading" className="font-display text-2xl font-bold">
            Frequently asked questions
          </h2>
          <div className="mt-6 space-y-3">
            {faq.map(([question, answer]) => (
              <details key={question} className="rounded-2xl border border-cream-200 bg-white p-4">
                <summary className="min-h-11 cursor-pointer content-center font-semibold">
                  {question}
                </summary>
                <p className="mt-2 text-bark-700">{answer}</p>
              </details>
            ))}
          </div>
        </div>
      </section>
    </>
  );
}
