// Stored-XSS payloads for e2e/xss-corpus.spec.ts: one per line of the list below, each a
// well-known way markup, URLs, styles or templates have been made to run script. `XSS` stands
// for a call of the detector the spec installs in the reader's pages (`xss(n)`, n being the
// payload's number), so a payload that runs says which one it was.

const CORPUS = String.raw`
<script>XSS</script>
<SCRIPT>XSS</SCRIPT>
<script src="data:text/javascript,XSS"></script>
<scr<script>ipt>XSS</scr</script>ipt>
<img src=x onerror=XSS>
<img src="x" onerror="XSS" alt="boat">
<IMG SRC=x OnErRoR=XSS>
<img src=x onerror="&#120;&#115;&#115;(0)">
<img/src=x/onerror=XSS>
<svg onload=XSS>
<svg><script>XSS</script></svg>
<svg><animate onbegin=XSS attributeName=x dur=1s>
<svg><a xlink:href="javascript:XSS"><text x=20 y=20>tap</text></a></svg>
<svg><use href="data:image/svg+xml,<svg id='x' xmlns='http://www.w3.org/2000/svg'><image href='1' onerror='XSS'/></svg>#x"/></svg>
<math><mtext><table><mglyph><style><img src=x onerror=XSS>
<math href="javascript:XSS">tap</math>
<body onload=XSS>
<iframe src="javascript:XSS"></iframe>
<iframe srcdoc="<script>parent.XSS</script>"></iframe>
<object data="javascript:XSS"></object>
<embed src="data:text/html,<script>parent.XSS</script>">
<a href="javascript:XSS">a plain link</a>
<a href="JaVaScRiPt:XSS">mixed case link</a>
<a href="&#106;avascript:XSS">entity link</a>
<a href="java&#x09;script:XSS">tab link</a>
<a href=" javascript:XSS">space link</a>
<a href="data:text/html;base64,PHNjcmlwdD5wYXJlbnQueHNzKDEpPC9zY3JpcHQ+">data link</a>
<a href="vbscript:msgbox(1)">vbscript link</a>
<form action="javascript:XSS"><button>send</button></form>
<button formaction="javascript:XSS">go</button>
<input autofocus onfocus=XSS>
<details open ontoggle=XSS>
<video><source onerror=XSS></video>
<audio src=x onerror=XSS>
<marquee onstart=XSS>sailing</marquee>
<div style="background:url(javascript:XSS)">styled</div>
<div style="width:expression(XSS)">old IE</div>
<style>@import 'javascript:XSS';</style>
<link rel=stylesheet href="javascript:XSS">
<meta http-equiv="refresh" content="0;url=javascript:XSS">
<base href="javascript:XSS//">
"><script>XSS</script>
'><img src=x onerror=XSS>
" onmouseover="XSS" x="
' autofocus onfocus='XSS' x='
</textarea><script>XSS</script>
</title><script>XSS</script>
--><script>XSS</script><!--
<![CDATA[<script>XSS</script>]]>
<!--<img src="--><img src=x onerror=XSS//">
<noscript><p title="</noscript><img src=x onerror=XSS>">
<p id="</p><img src=x onerror=XSS>">quoted</p>
<<script>XSS//<</script>
{{constructor.constructor('XSS')()}}
<%= XSS %>
{{'a'.constructor.prototype.charAt=[].join;$eval('x=XSS');}}
<div v-html="'<img src=x onerror=XSS>'"></div>
javascript:XSS
data:text/html,<script>XSS</script>
<x contenteditable onblur=XSS>edit me</x>
<img srcset="x 1x" onerror=XSS>
<isindex type=image src=1 onerror=XSS>
<template><img src=x onerror=XSS></template>
`;

/** The payloads, each with its detector call numbered (1-based) so a hit names its payload. */
export const PAYLOADS: string[] = CORPUS.split('\n')
  .filter((line) => line.trim() !== '')
  .map((line, index) => line.replaceAll('XSS', `xss(${index + 1})`));
