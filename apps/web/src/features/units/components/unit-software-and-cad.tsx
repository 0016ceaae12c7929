import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { UnitDetail } from '@portal/contracts/units';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Where the unit's model and options lead in the configurator (model, options in group order). */
const configuratorPath = (configurationId: string) => {
  const [model = '', options = ''] = configurationId.split('/');
  return `/cadFiles/robotConfigurator?model=${encodeURIComponent(model)}&options=${options.split(',').map(encodeURIComponent).join(',')}`;
};

/** The software of the unit's model (newest compatible version) and the CAD set of its options. */
export function UnitSoftwareAndCad({ unit }: { unit: UnitDetail }) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      {unit.software.length > 0 && (
        <Stack gap="xs" data-testid="unit-software">
          <Title order={2} fz="lg">
            {t('units.software')}
          </Title>
          {unit.software.map((item) => (
            <Card key={item.equipmentName} withBorder radius="md" padding="sm">
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Anchor component={Link} to={`/software/${encodeURIComponent(item.equipmentName)}`} fw={600}>
                  {item.name}
                </Anchor>
                {item.newestVersion && <Text fz="sm">{item.newestVersion.number}</Text>}
              </Group>
              {item.releaseNotes && (
                <Anchor component={Link} to={`/DocumentLink/${encodeURIComponent(item.releaseNotes.serviceRef)}`} fz="sm">
                  {t('units.releaseNotes')}
                </Anchor>
              )}
            </Card>
          ))}
        </Stack>
      )}
      {unit.cadSet && (
        <Stack gap="xs" data-testid="unit-cad">
          <Title order={2} fz="lg">
            {t('units.cadSet')}
          </Title>
          <Card withBorder radius="md" padding="sm">
            <Anchor component={Link} to={configuratorPath(unit.cadSet.configurationId)} fw={600}>
              {unit.cadSet.title}
            </Anchor>
          </Card>
        </Stack>
      )}
    </Stack>
  );
}
