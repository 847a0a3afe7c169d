// docs.json `integrations`: the analytics services whose loaders are a script
// tag (and, for some, a line that queues their first call), written into every
// page's head — Google Analytics 4, Google Tag Manager, Plausible, Fathom,
// Pirsch, Microsoft Clarity, Hotjar, LogRocket, Adobe Launch, PostHog and the
// Intercom messenger. They load in
// the reader's browser; the build itself sends nothing anywhere. With
// `integrations.cookies` (`{key, value}`), they load only once the reader's
// local storage holds that value under that key (the site's cookie banner
// sets it): one inline script then adds them. The others the schema knows
// (Segment, Mixpanel, Heap, Amplitude, Front Chat, Clearbit, Hightouch,
// `customScripts`) need a vendor's own loader, which
// docsc does not ship: the build reports each as not supported
// (`build/integration-unsupported`) rather than dropping it silently.
// `telemetry` is Mintlify's own and means nothing here.
//
// Values are the configuration's, not trusted: identifiers go into scripts as
// JSON (inlineJson) and into attributes escaped; URLs must be http(s).

import { escapeHtml, inlineJson, safeHref } from './escape-html.js';

/** A script element: its source or its code, and its attributes (values escaped when written). */
interface ScriptTag {
  src?: string;
  code?: string;
  attributes: [string, string][];
}

export interface Integrations {
  /** What every page's head carries; '' when nothing is configured. */
  html: string;
  /** The configured services docsc cannot load, by their key in `integrations`. */
  unsupported: string[];
}

const UNSUPPORTED = ['segment', 'mixpanel', 'heap', 'amplitude', 'frontchat', 'clearbit', 'hightouch', 'customScripts'];

export function readIntegrations(value: unknown): Integrations {
  if (!isRecord(value)) return { html: '', unsupported: [] };
  const tags: ScriptTag[] = [];
  const id = (service: string, field: string): string | undefined => {
    const config = value[service];
    const found = isRecord(config) ? config[field] : undefined;
    return typeof found === 'string' && found.trim() !== '' ? found.trim() : typeof found === 'number' ? String(found) : undefined;
  };
  const url = (text: string | undefined) => (text !== undefined && /^https?:\/\//i.test(text) ? safeHref(text) : undefined);

  const ga4 = id('ga4', 'measurementId');
  if (ga4 !== undefined) {
    tags.push({ src: `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(ga4)}`, attributes: [['async', '']] });
    tags.push({
      code: `window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}gtag('js',new Date());gtag('config',${inlineJson(ga4)});`,
      attributes: [],
    });
  }
  const gtm = id('gtm', 'tagId');
  if (gtm !== undefined) {
    tags.push({ code: `window.dataLayer=window.dataLayer||[];window.dataLayer.push({'gtm.start':Date.now(),event:'gtm.js'});`, attributes: [] });
    tags.push({ src: `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(gtm)}`, attributes: [['async', '']] });
  }
  const plausible = id('plausible', 'domain');
  if (plausible !== undefined) {
    const server = (url(id('plausible', 'server')) ?? 'https://plausible.io').replace(/\/+$/, '');
    tags.push({
      src: `${server}/js/script.js`,
      attributes: [
        ['defer', ''],
        ['data-domain', plausible],
      ],
    });
  }
  const fathom = id('fathom', 'siteId');
  if (fathom !== undefined)
    tags.push({
      src: 'https://cdn.usefathom.com/script.js',
      attributes: [
        ['defer', ''],
        ['data-site', fathom],
      ],
    });
  const pirsch = id('pirsch', 'id');
  if (pirsch !== undefined)
    tags.push({
      src: 'https://api.pirsch.io/pirsch.js',
      attributes: [
        ['defer', ''],
        ['id', 'pirschjs'],
        ['data-code', pirsch],
      ],
    });
  const clarity = id('clarity', 'projectId');
  if (clarity !== undefined) {
    tags.push({ code: `window.clarity=window.clarity||function(){(window.clarity.q=window.clarity.q||[]).push(arguments)};`, attributes: [] });
    tags.push({ src: `https://www.clarity.ms/tag/${encodeURIComponent(clarity)}`, attributes: [['async', '']] });
  }
  const hotjar = id('hotjar', 'hjid');
  if (hotjar !== undefined) {
    const version = id('hotjar', 'hjsv') ?? '6';
    tags.push({
      code: `window.hj=window.hj||function(){(window.hj.q=window.hj.q||[]).push(arguments)};window._hjSettings={hjid:${inlineJson(hotjar)},hjsv:${inlineJson(version)}};`,
      attributes: [],
    });
    tags.push({
      src: `https://static.hotjar.com/c/hotjar-${encodeURIComponent(hotjar)}.js?sv=${encodeURIComponent(version)}`,
      attributes: [['async', '']],
    });
  }
  const logrocket = id('logrocket', 'appId');
  if (logrocket !== undefined) {
    tags.push({ src: 'https://cdn.lr-ingest.com/LogRocket.min.js', attributes: [['crossorigin', 'anonymous']] });
    tags.push({ code: `window.LogRocket&&window.LogRocket.init(${inlineJson(logrocket)});`, attributes: [] });
  }
  const adobe = url(id('adobe', 'launchUrl'));
  if (adobe !== undefined) tags.push({ src: adobe, attributes: [['async', '']] });
  const posthog = id('posthog', 'apiKey');
  if (posthog !== undefined) {
    // PostHog's library (`array.js`) starts the projects queued in `posthog._i` when it loads; its assets are served
    // from `<region>-assets.i.posthog.com` for PostHog Cloud, from the host itself otherwise.
    const host = (url(id('posthog', 'apiHost')) ?? 'https://us.i.posthog.com').replace(/\/+$/, '');
    const config = { api_host: host, disable_session_recording: !(isRecord(value.posthog) && value.posthog.sessionRecording === true) };
    tags.push({
      code: `window.posthog=window.posthog||[];if(!window.posthog.__SV){window.posthog._i=[[${inlineJson(posthog)},${inlineJson(config)},"posthog"]];window.posthog.__SV=1}`,
      attributes: [],
    });
    tags.push({
      src: `${host.replace('.i.posthog.com', '-assets.i.posthog.com')}/static/array.js`,
      attributes: [
        ['async', ''],
        ['crossorigin', 'anonymous'],
      ],
    });
  }
  const intercom = id('intercom', 'appId');
  if (intercom !== undefined) {
    // The messenger boots from `intercomSettings` when its widget loads; calls made before then wait in `Intercom.q`.
    tags.push({
      code: `window.intercomSettings={app_id:${inlineJson(intercom)}};if(typeof window.Intercom!=='function'){var ic=function(){ic.q.push(arguments)};ic.q=[];window.Intercom=ic}`,
      attributes: [],
    });
    tags.push({ src: `https://widget.intercom.io/widget/${encodeURIComponent(intercom)}`, attributes: [['async', '']] });
  }

  const unsupported = UNSUPPORTED.filter((service) => value[service] !== undefined);
  const cookies = value.cookies;
  const key = isRecord(cookies) && typeof cookies.key === 'string' ? cookies.key : undefined;
  const consent = key === undefined ? undefined : { key, value: isRecord(cookies) && typeof cookies.value === 'string' ? cookies.value : '' };
  if (tags.length === 0) return { html: '', unsupported };
  return { html: consent === undefined ? tags.map(scriptTag).join('\n') : gatedScripts(tags, consent), unsupported };
}

function scriptTag(tag: ScriptTag): string {
  const attributes = tag.attributes.map(([name, value]) => (value === '' ? ` ${name}` : ` ${name}="${escapeHtml(value)}"`)).join('');
  if (tag.src !== undefined) return `<script src="${escapeHtml(tag.src)}"${attributes}></script>`;
  return `<script${attributes}>${tag.code ?? ''}</script>`;
}

/** One script that adds the tags, in order, once local storage holds the consent value (none when storage is unavailable). */
function gatedScripts(tags: readonly ScriptTag[], consent: { key: string; value: string }): string {
  const list = inlineJson(tags.map((tag) => ({ src: tag.src ?? null, code: tag.code ?? null, attributes: tag.attributes })));
  return [
    '<script>(function(){',
    `try{if(localStorage.getItem(${inlineJson(consent.key)})!==${inlineJson(consent.value)})return}catch(e){return}`,
    `${list}.forEach(function(t){var s=document.createElement('script');`,
    't.attributes.forEach(function(a){s.setAttribute(a[0],a[1])});',
    // A script added by another keeps running in order only when it is not async.
    "if(t.src){s.src=t.src;if(!s.hasAttribute('async')&&!s.hasAttribute('defer'))s.async=false}else s.text=t.code;",
    'document.head.appendChild(s)})})()</script>',
  ].join('');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
