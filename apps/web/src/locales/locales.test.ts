import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import deDE from './de-DE.json';
import enUS from './en-US.json';
import frFR from './fr-FR.json';
import modelDeDE from './model/de-DE.json';
import modelEnUS from './model/en-US.json';
import modelFrFR from './model/fr-FR.json';

function keys(value: unknown, prefix = ''): string[] {
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
  }
  return [prefix];
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('translations', () => {
  // The 3D viewer's texts load with its chunk (namespace `model`, looked up as the main texts' fallback).
  const english = [...keys(enUS), ...keys(modelEnUS)].sort();

  it('fr-FR and de-DE have exactly the keys of en-US', () => {
    expect(keys(frFR).sort()).toEqual(keys(enUS).sort());
    expect(keys(deDE).sort()).toEqual(keys(enUS).sort());
    expect(keys(modelFrFR).sort()).toEqual(keys(modelEnUS).sort());
    expect(keys(modelDeDE).sort()).toEqual(keys(modelEnUS).sort());
  });

  it("keeps the viewer's texts out of the main files (loaded with the viewer, not on the first route)", () => {
    const main = new Set(keys(enUS));
    expect(keys(modelEnUS).length).toBeGreaterThan(30);
    expect(keys(modelEnUS).filter((key) => main.has(key))).toEqual([]);
  });

  it('has no empty text', () => {
    for (const file of [enUS, frFR, deDE, modelEnUS, modelFrFR, modelDeDE]) {
      for (const key of keys(file)) {
        const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], file);
        expect(typeof text === 'string' && text.trim().length > 0, key).toBe(true);
      }
    }
  });

  it('defines every key the source code uses literally', () => {
    const used = new Set<string>();
    const srcDir = join(import.meta.dirname, '..');
    for (const file of sourceFiles(srcDir)) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/(?:\bt\(|i18nKey=|labelKey: |message=)['"]([a-zA-Z]+\.[a-zA-Z.]+)['"]/g)) {
        used.add(match[1]);
      }
    }
    expect(used.size).toBeGreaterThan(30);
    // A counted text exists as its plural forms (key_one, key_other).
    const defined = (key: string) => english.includes(key) || english.some((k) => /^_(zero|one|two|few|many|other)$/.test(k.slice(key.length)) && k.startsWith(key));
    expect([...used].filter((key) => !defined(key))).toEqual([]);
  });

  it('holds the texts the specification fixes', () => {
    expect(enUS.accessDenied.heading).toBe('Oops !');
    expect(enUS.accessDenied.notAuthorized).toBe('You are not authorized to access to this app...');
    expect(enUS.accessDenied.contact.replace(/<\/?mail>/g, '')).toBe(
      'Please contact your sales contact or send an email to: {{email}}',
    );
  });
});
