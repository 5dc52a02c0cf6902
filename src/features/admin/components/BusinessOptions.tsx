// The options of a select that picks a business (filters, a campaign's audience, a report): the
// choice of none first when it has one ("Every business"), then each business by name.
export function BusinessOptions(props: {
  businesses: readonly { id: string; businessName: string }[] | undefined;
  /** The first option, value "" (none chosen), when the select has one. */
  none?: string;
}) {
  return (
    <>
      {props.none === undefined ? null : <option value="">{props.none}</option>}
      {props.businesses?.map((business) => (
        <option key={business.id} value={business.id}>
          {business.businessName}
        </option>
      ))}
    </>
  );
}
