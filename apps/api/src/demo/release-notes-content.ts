import type { DocumentContent } from './document-content.ts';
import type { DemoSoftwareItem, DemoSoftwareVersion } from './software-demo-data.ts';

/** The text of a demo release-notes document, rendered to PDF by the seed. */
export function releaseNotesContent(item: DemoSoftwareItem, version: DemoSoftwareVersion): DocumentContent {
  const files = version.files.map((file) => [file.fileName, `${Math.round(file.size / 1024)} KB`]);
  return {
    title: `${item.name} ${version.number}: release notes`,
    subtitle: `Released ${version.releaseDate} · ${version.status === 'beta' ? 'Beta for service partners' : 'Release'} · ${item.compatibleEquipment.join(', ')}`,
    sections: [
      {
        heading: 'What is new',
        paragraphs: version.highlights.map((line) => `${line}.`),
      },
      {
        heading: 'Fixed issues',
        paragraphs: version.fixes.length > 0 ? version.fixes.map((line) => `Fixed: ${line}.`) : ['No fixes in this release.'],
      },
      {
        heading: 'Compatibility',
        paragraphs: [
          `${item.name} ${version.number} runs on: ${item.compatibleEquipment.join(', ')}.`,
          'Back up the controller before updating. A downgrade keeps the robot programs but resets the fieldbus configuration.',
        ],
      },
      {
        heading: 'Files of this version',
        paragraphs: ['Download the files one by one, or the whole version as one zip, from the software page of the portal.'],
        table: { columns: ['File', 'Size'], rows: files },
      },
    ],
  };
}

/** The installation notes shipped as a text file next to a firmware image, padded to `size` bytes. */
export function installationText(item: DemoSoftwareItem, version: DemoSoftwareVersion, size: number): string {
  const steps = [
    `${item.name} ${version.number}: installation`,
    '1. Back up the controller (ArmSuite > Backup, or the USB backup of the teach pendant).',
    `2. Copy the .bin image of version ${version.number} to the root of a FAT32 USB stick.`,
    '3. Switch the controller to maintenance mode and insert the stick.',
    '4. Confirm the update on the teach pendant; do not switch off until the controller restarts.',
    '5. Check the version under System > Information, then restore the fieldbus configuration if asked.',
    '',
  ].join('\n');
  const changes = [...version.highlights, ...version.fixes].map((line) => `- ${line}`).join('\n');
  let text = `${steps}\nChanges:\n${changes}\n\n`;
  for (let line = 1; Buffer.byteLength(text) < size; line += 1) text += `Checklist line ${line}: verify axis ${((line - 1) % 6) + 1} reference after the update.\n`;
  return Buffer.from(text).subarray(0, size).toString('utf8');
}
