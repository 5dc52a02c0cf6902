// A filter's labelled date (From, To); `errorId` names the problem the dates share, while there is one.
import { Input, Label } from '@/components/ui/Input.tsx';

export function DateField(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  min?: string;
  max?: string;
  errorId?: string;
}) {
  return (
    <div>
      <Label htmlFor={props.id}>{props.label}</Label>
      <Input
        id={props.id}
        type="date"
        value={props.value}
        min={props.min}
        max={props.max}
        onChange={(event) => props.onChange(event.target.value)}
        aria-invalid={props.errorId ? true : undefined}
        aria-describedby={props.errorId}
      />
    </div>
  );
}
