// Numbered steps as an ordered list of cards (Home's three steps, How it works' four).
export function Steps(props: { steps: { title: string; text: string }[] }) {
  return (
    <ol
      className={`mt-6 grid gap-4 ${props.steps.length === 4 ? 'md:grid-cols-2 lg:grid-cols-4' : 'md:grid-cols-3'}`}
    >
      {props.steps.map((step, index) => (
        <li key={step.title} className="rounded-2xl border border-cream-200 bg-white p-5 shadow-sm">
          <span
            aria-hidden="true"
            className="grid size-10 place-items-center rounded-full bg-meadow-700 font-display text-lg font-bold text-white"
          >
            {index + 1}
          </span>
          <h3 className="mt-3 font-display text-lg font-bold">
            <span className="sr-only">Step {index + 1}: </span>
            {step.title}
          </h3>
          <p className="mt-1 text-bark-700">{step.text}</p>
        </li>
      ))}
    </ol>
  );
}
