import { afterEach, describe, expect, it } from 'vitest';
import { mountApp } from './mount';

describe('mountApp', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('refuses to mount without exactly one root element', () => {
    expect(() => mountApp()).toThrow(/exactly one #root/);
    document.body.innerHTML = '<div id="root"></div><div id="root"></div>';
    expect(() => mountApp()).toThrow(/found 2/);
  });
});
