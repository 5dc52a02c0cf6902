// The Programme tab (issue 21 §2): the operator runs the programme without SQL. This branch's
// sections: tiers, limits and public content (businesses and rewards come with their own sections).
import { ContentSection } from './ContentSection.tsx';
import { LimitsSection } from './LimitsSection.tsx';
import { TiersSection } from './TiersSection.tsx';

export function ProgrammeTab() {
  return (
    <div className="mt-4 grid gap-6">
      <TiersSection />
      <LimitsSection />
      <ContentSection />
    </div>
  );
}
