// The Reports tab: the coalition views — the month's settlement statement (CSV), cross-shopping
// for the dashboard's range, and a printable monthly report per business.
import { useId, useState } from 'react';
import type { LocationList } from '@contract';
import { ButtonLink } from '@/components/ui/Button.tsx';
import { Card, CardTitle } from '@/components/ui/Card.tsx';
import { Input, Label } from '@/components/ui/Input.tsx';
import { Select } from '@/components/ui/Select.tsx';
import type { AdminFilters } from '../api/filters.ts';
import { currentMonth, isMonth } from '../lib/month.ts';
import { CrossShopping } from './CrossShopping.tsx';
import { SettlementReport } from './SettlementReport.tsx';
import { BusinessOptions } from './BusinessOptions.tsx';

export function ReportsTab(props: { filters: AdminFilters; locations: LocationList | undefined }) {
  const id = useId();
  const [month, setMonth] = useState(currentMonth());
  const [location, setLocation] = useState('');
  const businessName = (locationId: string) =>
    props.locations?.find((l) => l.id === locationId)?.businessName ?? locationId;
  const chosenLocation = location || props.locations?.[0]?.id || '';
  return (
    <div className="grid gap-4">
      <div className="max-w-56">
        <Label htmlFor={`${id}-month`}>Month</Label>
        <Input
          id={`${id}-month`}
          type="month"
          value={month}
          max={currentMonth()}
          onChange={(event) => isMonth(event.target.value) && setMonth(event.target.value)}
        />
      </div>
      <Card className="grid gap-3 p-5">
        <CardTitle>Report for the scheme&apos;s funders</CardTitle>
        <p className="text-sm text-bark-700">
          One printable page for the council or the traders&apos; group: members and their share of the village,
          visits, cross-shopping, rewards, settlement, texts and the prize draw, with a summary in plain words.
        </p>
        <div>
          <ButtonLink to={`/admin/funder-report?month=${month}`}>Open the funder&apos;s report</ButtonLink>
        </div>
      </Card>
      <SettlementReport month={month} businessName={businessName} />
      <CrossShopping filters={props.filters} businessName={businessName} />
      <Card className="grid gap-3 p-5">
        <CardTitle>Monthly report for a business</CardTitle>
        <p className="text-sm text-bark-700">
          One printable page for the owner: visits, new members, welcome rewards redeemed and where
          its members also shop.
        </p>
        <div className="flex flex-wrap items-end gap-3">
          <div className="min-w-52">
            <Label htmlFor={`${id}-business`}>Business</Label>
            <Select
              id={`${id}-business`}
              value={chosenLocation}
              onChange={(event) => setLocation(event.target.value)}
            >
              <BusinessOptions businesses={props.locations} />
            </Select>
          </div>
          <ButtonLink
            to={`/admin/report?location=${encodeURIComponent(chosenLocation)}&month=${month}`}
          >
            Open printable report
          </ButtonLink>
        </div>
      </Card>
    </div>
  );
}
