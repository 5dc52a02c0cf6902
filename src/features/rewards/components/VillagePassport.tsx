// The village passport: the six businesses as stamps, the visited ones filled — the reason a
// member walks into the next shop. "N of 6 visited".
import { cn } from '@/lib/cn.ts';

export interface PassportBusiness {
  id: string;
  businessName: string;
  logoUrl: string;
}

export function VillagePassport(props: { businesses: PassportBusiness[]; visitedIds: string[] }) {
  const visited = new Set(props.visitedIds);
  const count = props.businesses.filter((business) => visited.has(business.id)).length;
  return (
    <section aria-labelledby="passport-title" className="rounded-2xl border border-cream-200 bg-white p-6 shadow-sm">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="passport-title" className="font-display text-xl font-bold text-bark-900">
          Village Passport
        </h2>
        <p className="text-sm font-semibold text-bark-700">
          {count} of {props.businesses.length} visited
        </p>
      </div>
      <ul className="mt-4 grid grid-cols-3 gap-3">
        {props.businesses.map((business) => {
          const stamped = visited.has(business.id);
          return (
            <li key={business.id} className="flex flex-col items-center gap-1.5 text-center">
              <span
                className={cn(
                  'flex size-16 items-center justify-center rounded-full border-2 p-2',
                  stamped ? 'border-meadow-700 bg-cream-100' : 'border-dashed border-bark-300 bg-white',
                )}
              >
                {/* A business added without an image has no logo: its initial, never an empty src. */}
                {business.logoUrl ? (
                  <img
                    src={business.logoUrl}
                    alt=""
                    className={cn('size-full object-contain', stamped ? '' : 'opacity-30 grayscale')}
                  />
                ) : (
                  <span aria-hidden="true" className={cn('font-display text-2xl font-bold', stamped ? 'text-meadow-800' : 'text-bark-300')}>
                    {business.businessName.charAt(0)}
                  </span>
                )}
              </span>
              <span className="text-xs leading-tight text-bark-900">
                {business.businessName}
                <span className="sr-only">{stamped ? ': visited' : ': not visited yet'}</span>
              </span>
              {stamped ? (
                <span aria-hidden="true" className="text-xs font-bold text-meadow-800">
                  ✓ Stamped
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
