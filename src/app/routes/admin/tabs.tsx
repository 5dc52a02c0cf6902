// The dashboard's tabs (Radix Tabs; the open tab is in the URL as ?tab=, an open customer as
// ?customer=): Customers, Rewards, Locations, Exports, Flags, Messages (with the number still
// open), Campaigns, Draws (the monthly prize draw), Reports, People (admins and business owners), Audit
// (§4) and Programme (§2).
import type { LocationList } from '@contract';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/Tabs.tsx';
import type { AdminFilters } from '@/features/admin/api/filters.ts';
import { DrawsTab } from '@/features/draws/components/DrawsTab.tsx';
import { RewardReminderCard } from '@/features/admin/components/RewardReminderCard.tsx';
import { CampaignsTab } from '@/features/admin/components/CampaignsTab.tsx';
import { CustomerDetailDialog } from '@/features/admin/components/CustomerDetail.tsx';
import { CustomersTab } from '@/features/admin/components/CustomersTab.tsx';
import { ExportsTab } from '@/features/admin/components/ExportsTab.tsx';
import { FlagsTab } from '@/features/admin/components/FlagsTab.tsx';
import { useDemoMode } from '@/features/checkin/api/get-demo-mode.ts';
import { LocationsTab } from '@/features/admin/components/LocationsTab.tsx';
import { MessagesTab } from '@/features/admin/components/MessagesTab.tsx';
import { ProgrammeTab } from '@/features/admin/components/ProgrammeTab.tsx';
import { ReportsTab } from '@/features/admin/components/ReportsTab.tsx';
import { AuditTab } from '@/features/admin/components/AuditTab.tsx';
import { PeopleTab } from '@/features/admin/components/PeopleTab.tsx';
import { useMessages } from '@/features/admin/api/get-messages.ts';
import { RewardsTab } from '@/features/admin/components/RewardsTab.tsx';
import { useUrlParam } from '@/features/admin/lib/url-filters.ts';
import { TierBadge } from '@/features/rewards/components/TierBadge.tsx';

const TABS = [
  ['customers', 'Customers'],
  ['rewards', 'Rewards'],
  ['locations', 'Locations'],
  ['exports', 'Exports'],
  ['flags', 'Flags'],
  ['messages', 'Messages'],
  ['campaigns', 'Campaigns'],
  ['draws', 'Draws'],
  ['reports', 'Reports'],
  ['people', 'People'],
  ['audit', 'Audit'],
  ['programme', 'Programme'],
] as const;

const renderStatus = (status: string) => <TierBadge status={status} />;

export function AdminTabs(props: { filters: AdminFilters; locations: LocationList | undefined }) {
  const [tab, setTab] = useUrlParam('tab', 'customers');
  const [customer, setCustomer] = useUrlParam('customer');
  const [search] = useUrlParam('q');
  const current = TABS.some(([value]) => value === tab) ? tab : 'customers';
  // The Messages tab says how many messages are still open: "Messages (3)".
  const open = useMessages(1).data?.open ?? 0;
  const demoMode = useDemoMode();
  const businessName = (id: string | null) =>
    (id && props.locations?.find((location) => location.id === id)?.businessName) || id || '—';
  return (
    <>
      <Tabs value={current} onValueChange={setTab} className="print:hidden">
        <TabsList aria-label="Dashboard sections">
          {TABS.map(([value, label]) => (
            <TabsTrigger key={value} value={value}>
              {value === 'messages' && open > 0 ? `${label} (${open})` : label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="customers">
          <CustomersTab
            filters={props.filters}
            onView={(row) => setCustomer(row.id)}
            renderStatus={renderStatus}
          />
        </TabsContent>
        <TabsContent value="rewards">
          <RewardsTab filters={props.filters} />
        </TabsContent>
        <TabsContent value="locations">
          <LocationsTab filters={props.filters} demoMode={demoMode.data?.demoMode} />
        </TabsContent>
        <TabsContent value="exports">
          <ExportsTab
            filters={props.filters}
            search={search}
            businessName={props.filters.location ? businessName(props.filters.location) : undefined}
          />
        </TabsContent>
        <TabsContent value="flags">
          <FlagsTab onReview={setCustomer} />
        </TabsContent>
        <TabsContent value="messages">
          <MessagesTab />
        </TabsContent>
        <TabsContent value="campaigns">
          <CampaignsTab locations={props.locations} />
          <RewardReminderCard />
        </TabsContent>
        <TabsContent value="draws">
          <DrawsTab locations={props.locations} />
        </TabsContent>
        <TabsContent value="reports">
          <ReportsTab filters={props.filters} locations={props.locations} />
        </TabsContent>
        <TabsContent value="people">
          <PeopleTab locations={props.locations} />
        </TabsContent>
        <TabsContent value="audit">
          <AuditTab locations={props.locations} />
        </TabsContent>
        <TabsContent value="programme">
          <ProgrammeTab />
        </TabsContent>
      </Tabs>
      <CustomerDetailDialog
        customerId={/^[0-9a-f-]{36}$/i.test(customer) ? customer : null}
        onClose={() => setCustomer('')}
        renderStatus={renderStatus}
        businessName={businessName}
      />
    </>
  );
}
