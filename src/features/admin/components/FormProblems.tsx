// What a failed save says: the API's message and each field's problem, read out when it appears.
import { ApiError, userMessage } from '@/lib/api-client.ts';

export function FormProblems(props: { error: unknown }) {
  if (!props.error) return null;
  const fields = props.error instanceof ApiError ? Object.values(props.error.fields ?? {}).flat() : [];
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900">
      <p className="font-semibold">{userMessage(props.error)}</p>
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
