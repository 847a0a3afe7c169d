// The stand-ins for Font Awesome Pro names (compiler/icons/icon-stand-ins.ts): each entry is a Pro name Font
// Awesome lists and no free set has, and shows its stand-in, a free icon found directly; a name Font Awesome does
// not list is `render/unknown-icon`, a Pro one without a stand-in `render/pro-icon`.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { derivedStandIns, missingIconCode, PRO_STAND_INS } from '../compiler/icons/icon-stand-ins.js';
import { iconSvg } from '../compiler/icons/icon-svg.js';

test('every entry: a Pro name no free set has, shown as its stand-in, which a free set has', () => {
  assert.ok(PRO_STAND_INS.size > 100, `${PRO_STAND_INS.size} entries`);
  for (const [pro, standIn] of PRO_STAND_INS) {
    assert.is(missingIconCode(pro), 'render/pro-icon', `${pro}: a Font Awesome name`);
    assert.not.ok(PRO_STAND_INS.has(standIn), `${pro}: its stand-in ${standIn} is not a Pro name of the table`);
    assert.not.ok(derivedStandIns(pro).includes(standIn), `${pro}: its name makes ${standIn} plain, without the table`);
    const svg = iconSvg(standIn);
    assert.ok(svg !== undefined, `${pro}: its stand-in ${standIn} is found`);
    assert.is(iconSvg(pro), svg, `${pro}: shown as ${standIn}, not as an icon a set has under its own name`);
  }
});

test('a Pro name the table does not list: its free original in another style, without its shape, or one of several', () => {
  for (const [pro, free] of [
    ['sliders-simple', 'sliders'],
    ['link-simple', 'link'],
    ['sidebar-flip', 'sidebar'],
    ['circle-video', 'video'],
    ['clouds', 'cloud'],
  ] as const) {
    assert.ok(iconSvg(free) !== undefined, free);
    assert.is(iconSvg(pro), iconSvg(free), pro);
  }
  // Only Font Awesome's names: a typo of a free name stays unknown.
  assert.is(iconSvg('rockets'), undefined);
  assert.is(iconSvg('zz-simple'), undefined);
});

test('the stand-in before Tabler, whose name may mean something else; Tabler after it; the site library first', () => {
  // Tabler's `window` is a house's window; Font Awesome's, an application's: its stand-in is `window-maximize`.
  assert.is(iconSvg('window'), iconSvg('window-maximize'));
  assert.is(iconSvg('fa-browser'), iconSvg('window-maximize'));
  // A name only Tabler has is found, whatever the library.
  assert.ok(iconSvg('api')?.includes('stroke="currentColor"'));
  assert.is(iconSvg('api', undefined, 'lucide'), iconSvg('api'));
});

test('a name no set has: `render/pro-icon` when Font Awesome lists it, else `render/unknown-icon`', () => {
  assert.is(iconSvg('crab'), undefined);
  assert.is(missingIconCode('crab'), 'render/pro-icon');
  assert.is(missingIconCode(' Fa-Duck '), 'render/pro-icon');
  assert.is(missingIconCode('zz-no-such-icon'), 'render/unknown-icon');
  assert.is(missingIconCode('ダウンロード'), 'render/unknown-icon');
});

test.run();
