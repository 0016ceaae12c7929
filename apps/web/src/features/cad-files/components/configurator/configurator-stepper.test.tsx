import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeContentApi, json } from '../../../../test/fake-content-api';
import { initTestI18n } from '../../../../test/render';
import { renderCadPage, testCatalogue, testConfiguration } from '../../testing/render-cad';
import { RobotConfiguratorPage } from '../robot-configurator-page';

function fakeCadApi() {
  return fakeContentApi({
    '/api/Cad/catalogue': () => json(200, testCatalogue),
    '/api/Favorites': () => json(200, { items: [], total: 0 }),
    '/api/Cad/configurations': (url) => {
      const options = url.searchParams.get('options')!.split(',');
      if (options.includes('wall') && options.includes('arm-1200')) {
        return json(400, {
          error: 'invalidParameters',
          message: 'This is not a valid configuration of ARM6.',
          details: [{ path: 'options', message: 'wall and arm-1200 cannot be combined: too heavy.' }],
        });
      }
      return json(200, testConfiguration(options));
    },
  });
}

const fileNames = () => within(screen.getByTestId('file-table')).getAllByRole('row').slice(1).map((row) => row.getAttribute('data-file-name'));

describe('robot configurator', () => {
  beforeAll(async () => {
    await initTestI18n('en-US');
  });

  it('goes family → model → each option group → files, keeping every choice in the URL', async () => {
    const user = userEvent.setup();
    const api = fakeCadApi();
    const { search } = renderCadPage(<RobotConfiguratorPage />, '/cadFiles/robotConfigurator');

    await user.click(await screen.findByRole('radio', { name: /Six-axis articulated robots/ }));
    expect(search().get('family')).toBe('articulated');
    await user.click(await screen.findByRole('radio', { name: /Six-axis robot ARM-6/ }));
    expect(search().get('model')).toBe('ARM6');
    await user.click(await screen.findByRole('radio', { name: /Wall/ }));

    // With a wall mounting the long arm is refused before the API is even asked, with the reason.
    const longArm = await screen.findByRole('radio', { name: /1200 mm/ });
    expect(longArm).toBeDisabled();
    expect(longArm).toHaveTextContent('Not available with Wall: the 1200 mm arm exceeds the load rating of the wall bracket.');
    await user.click(screen.getByRole('radio', { name: /900 mm/ }));

    expect(search().get('options')).toBe('wall,arm-900');
    await screen.findByTestId('configuration-results');
    const [request] = api.calls('/api/Cad/configurations');
    expect(request!.searchParams.get('model')).toBe('ARM6');
    expect(request!.searchParams.get('options')).toBe('wall,arm-900');
    expect(fileNames()).toEqual(['ARM6-base.stp', 'ARM6-arm.stp']);

    await user.click(screen.getByRole('radio', { name: /IGES/ }));
    expect(search().get('format')).toBe('iges');
    await waitFor(() => expect(fileNames()).toEqual(['ARM6-base.igs']));
    expect(screen.getByRole('button', { name: 'Download IGES (zip)' })).toBeEnabled();
  }, 20_000);

  it('reopens a finished step; the same choice again keeps what follows, "Start over" clears all', async () => {
    const user = userEvent.setup();
    fakeCadApi();
    const { search } = renderCadPage(<RobotConfiguratorPage />, '/cadFiles/robotConfigurator?model=ARM6&options=floor,arm-900');
    await screen.findByTestId('configuration-results');

    await user.click(screen.getByRole('button', { name: /Mounting/ }));
    expect(await screen.findByRole('radio', { name: /Floor/ })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: /Floor/ }));
    await screen.findByTestId('configuration-results');
    expect(search().get('options')).toBe('floor,arm-900');

    await user.click(screen.getByRole('button', { name: /Model/ }));
    await user.click(await screen.findByRole('radio', { name: /Six-axis robot ARM-6/ }));
    // The same model again keeps the options; "Start over" clears everything.
    await screen.findByTestId('configuration-results');
    await user.click(screen.getByRole('button', { name: 'Start over' }));
    expect(search().toString()).toBe('');
    expect(await screen.findByRole('radio', { name: /SCARA robots/ })).toBeInTheDocument();
  }, 20_000);

  it('names the excluded options of a link by their labels, without asking the API', async () => {
    const api = fakeCadApi();
    renderCadPage(<RobotConfiguratorPage />, '/cadFiles/robotConfigurator?model=ARM6&options=wall,arm-1200');
    const problems = await screen.findByTestId('configuration-problems');
    expect(screen.getByText('This combination of options is not valid.')).toBeInTheDocument();
    expect(problems).toHaveTextContent('Wall and 1200 mm cannot be combined: the 1200 mm arm exceeds the load rating of the wall bracket.');
    expect(api.calls('/api/Cad/configurations')).toEqual([]);
  });

  it('speaks the user’s language: families, models, option groups, values and the exclusion in German', async () => {
    await initTestI18n('de-DE');
    try {
      fakeCadApi();
      renderCadPage(<RobotConfiguratorPage />, '/cadFiles/robotConfigurator?model=ARM6&options=wall');
      const longArm = await screen.findByRole('radio', { name: /1200 mm/ });
      expect(longArm).toHaveTextContent('Nicht verfügbar mit Wand: der 1200-mm-Arm überschreitet die Tragfähigkeit der Wandhalterung.');
      expect(screen.getByRole('button', { name: /Sechsachsige Knickarmroboter/ })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: /Sechsachsroboter ARM-6/ })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: /Montage.*Wand/ })).toBeInTheDocument();
    } finally {
      await initTestI18n('en-US');
    }
  });
});
