// What a failed save says: the API's message and each field's problem, read out when it appears.
import { ApiError, userMessage } from '@/lib/api-client.ts';

export function FormProblems(props: { error: unknown }) {
  if (!props.error) return null;
  const said = userMessage(props.error);
  // The message already holds the first fields' sentences: list only what it does not say.
  const fields =
    props.error instanceof ApiError
      ? [...new Set(Object.values(props.error.fields ?? {}).flat())].filter((message) => !said.includes(message))
      : [];
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900">
      <p className="font-semibold">{said}</p>
      {fields.length > 0 ? (
        <ul className="mt-1 list-disc pl-5">
          {fields.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
