// The Programme tab: the operator runs the programme without SQL. One section per
// part, each in its own file: Businesses and Rewards here; Tiers, Limits, "Bring a neighbour", Texts,
// Wallet cards and public Content are their own sections below them, each on its Card.
import type { ReactNode } from 'react';
import { BusinessesSection } from './BusinessesSection.tsx';
import { ContentSection } from './ContentSection.tsx';
import { LimitsSection } from './LimitsSection.tsx';
import { RewardsSection } from './RewardsSection.tsx';
import { TextSettingsSection } from './TextSettingsSection.tsx';
import { TiersSection } from './TiersSection.tsx';
import { WalletSection } from './WalletSection.tsx';
import { ReferralSettingsSection } from './ReferralSettingsSection.tsx';

/** One section of the tab, on its card. */
export function ProgrammeSection(props: { children: ReactNode }) {
  return <div className="rounded-2xl border border-cream-200 bg-white/60 p-4 sm:p-6">{props.children}</div>;
}

export function ProgrammeTab() {
  return (
    <div className="grid gap-6">
      <ProgrammeSection>
        <BusinessesSection />
      </ProgrammeSection>
      <ProgrammeSection>
        <RewardsSection />
      </ProgrammeSection>
      <TiersSection />
      <LimitsSection />
      <ReferralSettingsSection />
      <TextSettingsSection />
      <WalletSection />
      <ContentSection />
    </div>
  );
}
