import { SegmentedControl, Text, type SegmentedControlProps } from '@mantine/core';

interface LabelledSegmentedControlProps extends Omit<SegmentedControlProps, 'aria-labelledby'> {
  /** The label's id, which names the control for screen readers. */
  labelId: string;
  label: string;
}

/** A segmented filter with a visible label above it (Mantine's control has no label of its own). */
export function LabelledSegmentedControl({ labelId, label, ...control }: LabelledSegmentedControlProps) {
  return (
    <div>
      <Text component="span" id={labelId} fz="sm" fw={500} display="block" mb={4}>
        {label}
      </Text>
      <SegmentedControl aria-labelledby={labelId} {...control} />
    </div>
  );
}
