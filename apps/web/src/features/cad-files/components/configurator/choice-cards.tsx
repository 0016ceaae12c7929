import { Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconBan } from '@tabler/icons-react';
import classes from './radio-card.module.css';

export interface Choice {
  value: string;
  title: string;
  description?: string;
  /** Shown instead of the description when the choice cannot be made; the card is then disabled. */
  disabledReason?: string | null;
}

interface ChoiceCardsProps {
  label: string;
  choices: Choice[];
  value: string | null;
  onChoose: (value: string) => void;
}

/** One step's choices as radio cards: clicking a card chooses it (and the configurator moves on). */
export function ChoiceCards({ label, choices, value, onChoose }: ChoiceCardsProps) {
  return (
    <Radio.Group value={value} onChange={onChoose} label={label} labelProps={{ mb: 'sm', fz: 'md', fw: 600 }}>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
        {choices.map((choice) => (
          <Radio.Card
            key={choice.value}
            value={choice.value}
            disabled={Boolean(choice.disabledReason)}
            // A click on the card already chosen still confirms it and moves on.
            onClick={() => choice.value === value && onChoose(choice.value)}
            radius="md"
            p="md"
            data-choice={choice.value}
            className={classes.card}
          >
            <Group wrap="nowrap" align="flex-start" gap="sm">
              {choice.disabledReason ? <IconBan size={18} aria-hidden style={{ marginTop: 2, flexShrink: 0 }} /> : <Radio.Indicator />}
              <Stack gap={2}>
                <Text fw={600} fz="sm">
                  {choice.title}
                </Text>
                {(choice.disabledReason ?? choice.description) && (
                  <Text fz="xs" c={choice.disabledReason ? 'orange.8' : 'dimmed'}>
                    {choice.disabledReason ?? choice.description}
                  </Text>
                )}
              </Stack>
            </Group>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}
