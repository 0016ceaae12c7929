import { screen } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import { initTestI18n, renderWithProviders } from '../../../test/render';
import { EquipmentBadges } from './equipment-badges';

describe('EquipmentBadges', () => {
  afterAll(() => initTestI18n('en-US'));

  it('names the products, not their codes, in the user’s language', async () => {
    await initTestI18n('en-US');
    const view = renderWithProviders(<EquipmentBadges equipment={['CTRL7', 'ARM6']} />);
    expect(screen.getByTitle('CTRL7')).toHaveTextContent('Robot controller C7');
    expect(screen.getByText('Six-axis robot ARM-6')).toBeInTheDocument();
    expect(screen.queryByText('CTRL7')).not.toBeInTheDocument();
    view.unmount();

    await initTestI18n('de-DE');
    renderWithProviders(<EquipmentBadges equipment={['CTRL7', 'ARM6']} />);
    expect(screen.getByText('Robotersteuerung C7')).toBeInTheDocument();
    expect(screen.getByText('Sechsachsroboter ARM-6')).toBeInTheDocument();
  });

  it('shows the code of a product this build has no label for', async () => {
    await initTestI18n('fr-FR');
    renderWithProviders(<EquipmentBadges equipment={['NEW99']} />);
    expect(screen.getByText('NEW99')).toBeInTheDocument();
  });
});
