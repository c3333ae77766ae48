/// The preview page's stylesheet: an iPhone-width (390 CSS px) inbox in the system's
/// light or dark appearance. `PreviewPage` appends the rules of the SDK profile switch,
/// which depend on how many profiles there are, and allows the whole by its hash.
enum PreviewStylesheet {
    static let text = #"""
:root{color-scheme:light dark;--bg:#f2f2f7;--card:#fff;--text:#000;--secondary:#3c3c43bf;--tertiary:#8a8a8e;
--separator:#c6c6c8;--tint:#007aff;--segment:#7676801f;--segment-on:#fff;--ok:#248a3d;--bad:#d70015;--warn:#b25000;
--info:#0062cc;--differs:#ff9f0a;--note:#fff;--ph-text:#ffffffe6}
@media (prefers-color-scheme:dark){:root{--bg:#000;--card:#1c1c1e;--text:#fff;--secondary:#ebebf599;--tertiary:#8d8d93;
--separator:#38383a;--tint:#0a84ff;--segment:#7676803d;--segment-on:#636366;--ok:#30d158;--bad:#ff6961;--warn:#ffb340;
--info:#64d2ff;--note:#1c1c1e}}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;background:var(--bg);color:var(--text);font:15px/1.35 -apple-system,"SF Pro Text","Helvetica Neue",
"Noto Sans","Noto Sans Arabic","Noto Sans Devanagari","DejaVu Sans",system-ui,sans-serif}
.sdk-choice{position:absolute;opacity:0;pointer-events:none}
.symbols{position:absolute;width:0;height:0;overflow:hidden}
.icon{fill:currentColor}
.phone{width:100%;max-width:390px;margin:0 auto;min-height:100vh;background:var(--bg);overflow-x:hidden;padding-bottom:24px}
@media (min-width:440px){body{background:#d1d1d6}.phone{margin:24px auto;border-radius:48px;
box-shadow:0 0 0 10px #1c1c1e,0 0 0 11px #3a3a3c,0 24px 60px rgba(0,0,0,.35);min-height:844px}}
@media (min-width:440px) and (prefers-color-scheme:dark){body{background:#2c2c2e}}
.status-bar{display:flex;align-items:center;justify-content:space-between;height:50px;padding:14px 30px 0 40px;
font-weight:600;font-size:16px}
.island{width:122px;height:34px;border-radius:20px;background:#000;margin-top:-6px}
.status-icons{display:flex;gap:6px;align-items:center}.status-icons .icon{height:12px;width:auto}
.inbox-header{padding:6px 16px 4px}
h1{font-size:34px;line-height:41px;font-weight:700;letter-spacing:.01em;margin:0 0 8px}
.sdk-switch{display:flex;background:var(--segment);border-radius:9px;padding:2px;gap:2px}
.sdk-switch label{flex:1;text-align:center;font-size:13px;font-weight:600;padding:6px 4px;border-radius:7px;
color:var(--secondary);cursor:pointer;user-select:none}
.summary{margin:8px 2px 4px;font-size:13px;color:var(--tertiary)}
.feed,.stories,.file-findings,.rules{padding:0 16px}
h2{font-size:22px;font-weight:700;margin:28px 0 10px}
.item{margin:12px 0 18px}
.item.differs .card{box-shadow:0 0 0 2px var(--differs)}
.v:has(.verdict.blocked) .card{opacity:.45;filter:grayscale(.6)}
.differs-note{margin:0 0 6px;font-size:12px;color:var(--warn)}
.card{position:relative;background:var(--card);border-radius:14px;overflow:hidden;contain:content}
.item{content-visibility:auto;contain-intrinsic-size:auto 320px}
.card.unread .head::before{content:"";flex:none;width:9px;height:9px;border-radius:50%;background:var(--tint);
margin:6px 0 0}
.pin{position:absolute;top:8px;inset-inline-end:8px;z-index:2;width:26px;height:26px;border-radius:50%;display:grid;
place-items:center;background:var(--card);color:var(--differs);box-shadow:0 1px 4px rgba(0,0,0,.2)}
.pin .icon{width:16px;height:16px}
.text{padding:12px 14px 12px;min-width:0;flex:1}
.head{display:flex;align-items:flex-start;gap:8px}
.title{flex:1;min-width:0;margin:0;font-size:17px;line-height:22px;font-weight:600;overflow-wrap:anywhere;
display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:2;overflow:hidden}
.title-gap{flex:1}
.pinned .head{padding-inline-end:26px}
time{flex:none;font-size:13px;line-height:22px;color:var(--tertiary);white-space:nowrap}
.body{margin:3px 0 0;font-size:15px;line-height:20px;color:var(--secondary);overflow-wrap:anywhere;
display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:4;overflow:hidden;white-space:pre-line}
.body.empty{font-style:italic}
.classic-row{display:flex;align-items:flex-start;gap:0;padding-inline-start:14px}
.classic-row .text{padding-inline-start:12px}
.classic-row>.thumb{flex:none;width:48px;height:48px;margin-top:12px;border-radius:12px;overflow:hidden}
.avatar{display:grid;place-items:center;color:#fff;font-size:22px;font-weight:600}
.media{position:relative;display:block;overflow:hidden;color:var(--ph-text)}
.media img{position:absolute;inset:0;width:100%;height:100%;object-fit:cover}
.media img.broken{visibility:hidden}
.ph{position:absolute;inset:0;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:2px;
padding:8px;text-align:center;font-size:13px;font-weight:600;overflow:hidden}
.ph .icon{width:28px;height:28px;opacity:.85}
.ph-name{max-width:100%;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.ph-host{font-size:11px;font-weight:500;opacity:.8;max-width:100%;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.thumb.media .ph .icon,.thumb.media .ph-host,.page-thumb .ph-host{display:none}
.thumb.media .ph-name{font-size:9px}
.tint-0{background:linear-gradient(135deg,#5e5ce6,#bf5af2)}.tint-1{background:linear-gradient(135deg,#ff9f0a,#ff375f)}
.tint-2{background:linear-gradient(135deg,#30d158,#0a84ff)}.tint-3{background:linear-gradient(135deg,#64d2ff,#5e5ce6)}
.tint-4{background:linear-gradient(135deg,#ff375f,#bf5af2)}.tint-5{background:linear-gradient(135deg,#ffd60a,#ff9f0a)}
.tint-6{background:linear-gradient(135deg,#0a84ff,#30d158)}.tint-7{background:linear-gradient(135deg,#40c8e0,#5856d6)}
.tint-none{background:linear-gradient(135deg,#636366,#2c2c2e)}
.banner-image{aspect-ratio:2/1}
.hero{aspect-ratio:16/9}
.slides{display:flex;overflow-x:auto;scroll-snap-type:x mandatory;scrollbar-width:none;gap:0}
.slides::-webkit-scrollbar{display:none}
.slides.empty{padding:28px;justify-content:center;color:var(--tertiary)}
.slide{flex:0 0 100%;margin:0;scroll-snap-align:start;position:relative}
.slide-image{aspect-ratio:3/2}
.slide figcaption{position:absolute;inset-inline:0;bottom:0;padding:24px 14px 10px;color:#fff;font-weight:600;font-size:15px;
background:linear-gradient(transparent,rgba(0,0,0,.55));overflow-wrap:anywhere}
.dots{display:flex;justify-content:center;gap:7px;padding:9px 0 0;flex-wrap:wrap}
.dots i{width:7px;height:7px;border-radius:50%;background:var(--separator)}
.dots i.on{background:var(--text)}
.video{position:relative}
.video .ph{justify-content:flex-end;padding-bottom:12px}
.play{position:absolute;inset:0;margin:auto;width:56px;height:56px;border-radius:50%;display:grid;place-items:center;
background:rgba(0,0,0,.45);color:#fff;backdrop-filter:blur(8px)}
.play .icon{width:28px;height:28px;margin-inline-start:4px}
.wallet-row{padding:0 14px 14px}
.wallet-button{display:flex;align-items:center;justify-content:center;gap:8px;height:44px;border-radius:10px;background:#000;
color:#fff;font-weight:600;font-size:16px;box-shadow:inset 0 0 0 1px #3a3a3c}
.wallet-button .icon{width:22px;height:22px}
.buttons{display:flex;gap:8px;padding:0 14px 14px;flex-wrap:nowrap}
.classic-row+.buttons{padding-inline-start:74px}
.btn{flex:1 1 0;min-width:0;text-align:center;padding:8px 6px;border-radius:18px;background:var(--segment);color:var(--tint);
font-weight:600;font-size:15px;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.notes{margin:6px 4px 0;font-size:12px;line-height:1.4;color:var(--secondary)}
.notes p{margin:2px 0}
.verdict{font-weight:600}
.verdict.reaches{color:var(--ok)}.verdict.reaches::before{content:"✓ "}
.verdict.blocked{color:var(--bad)}.verdict.blocked p::before{content:"✕ "}
.verdict ul{margin:0;padding-inline-start:18px;font-weight:400}
.layout b{color:var(--text)}
.badge{display:inline-block;padding:1px 7px;border-radius:9px;background:var(--warn);color:#fff;font-weight:700;font-size:11px}
.degraded .reason{font-weight:600;color:var(--warn)}
.findings{list-style:none;margin:4px 0;padding:0}
.finding summary{cursor:pointer;overflow-wrap:anywhere;padding:2px 0}
.finding .sev{display:inline-block;min-width:48px;font-weight:700;text-transform:uppercase;font-size:10px}
.s-error .sev{color:var(--bad)}.s-warning .sev{color:var(--warn)}.s-info .sev{color:var(--info)}
.finding .code,.rule code{font:600 11px ui-monospace,"DejaVu Sans Mono",monospace}
.finding .where{color:var(--tertiary);font-size:11px;overflow-wrap:anywhere}
.explanation,.explanation-text{margin:4px 0 6px;padding:8px 10px;border-radius:8px;background:var(--note);color:var(--text)}
.explanation:empty{display:none}
.explanation p,.explanation-text p{margin:0 0 4px}
.source{color:var(--tertiary);overflow-wrap:anywhere}.source code{font-size:11px}
.more{display:block;width:100%;margin:12px 0;padding:12px;border:0;border-radius:12px;background:var(--card);color:var(--tint);
font:inherit;font-weight:600;cursor:pointer}
.empty-feed{color:var(--tertiary);text-align:center;padding:40px 0}
.story{background:var(--card);border-radius:14px;padding:12px 14px;margin:0 0 16px;overflow:hidden}
.story h3{margin:0;font-size:17px}
.story header p{margin:2px 0;font-size:12px}
.fallback{color:var(--bad)}
.timeline{display:block;width:100%;height:6px;margin:10px 0;fill:var(--tint)}
.player{position:relative;aspect-ratio:1/1.5;border-radius:12px;overflow:hidden;background:#000;margin:8px 0;color:#fff}
.segments{position:absolute;z-index:3;top:8px;inset-inline:8px;display:flex;gap:4px}
.segments span{flex:1;height:3px;border-radius:2px;background:rgba(255,255,255,.35);overflow:hidden}
.segments i{display:block;height:100%;width:0;background:#fff}
.story-page{position:absolute;inset:0;margin:0;display:none}
.story-page.current{display:block}
.story-image{position:absolute;inset:0}
.story-page figcaption{position:absolute;inset-inline:0;bottom:0;padding:60px 16px 70px;
background:linear-gradient(transparent,rgba(0,0,0,.6))}
.story-page h4{margin:0;font-size:22px;overflow-wrap:anywhere}.story-page figcaption p{margin:4px 0 0;overflow-wrap:anywhere}
.story-button{border:0;font:inherit;cursor:pointer;position:absolute;z-index:4;bottom:16px;inset-inline:16px;text-align:center;padding:11px;border-radius:22px;
background:#fff;color:#000;font-weight:600;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.tap{position:absolute;z-index:2;top:0;bottom:0;width:33.33%;border:0;background:transparent;cursor:pointer;padding:0}
.tap.back{left:0}.tap.next{right:0}
.play-story{position:absolute;z-index:5;inset:0;margin:auto;width:max-content;height:48px;padding:0 18px;border:0;border-radius:24px;
display:flex;align-items:center;gap:6px;background:rgba(0,0,0,.55);color:#fff;font:inherit;font-weight:600;cursor:pointer}
.play-story .icon{width:20px;height:20px}
.player:not([data-state=idle]) .play-story{display:none}
.ended{display:none;position:absolute;z-index:6;inset:0;background:rgba(0,0,0,.75);flex-direction:column;align-items:center;
justify-content:center}
.player[data-state=ended] .ended{display:flex}
.ended p{margin:0 16px 12px;text-align:center;overflow-wrap:anywhere}
.ended button{border:0;border-radius:18px;padding:8px 16px;font:inherit;font-weight:600;cursor:pointer}
.pages{list-style:none;margin:8px 0;padding:0}
.page{display:flex;gap:10px;padding:8px 0;border-top:1px solid var(--separator)}
.page-thumb{flex:none;width:56px;aspect-ratio:2/3;border-radius:6px}
.page-thumb .ph .icon{width:18px;height:18px}.page-thumb .ph-name{font-size:8px}
.page-text{min-width:0;font-size:13px}.page-text p,.page-text h4{margin:0 0 2px;overflow-wrap:anywhere}
.timing{font-weight:600;color:var(--tertiary)}.page.dropped p{color:var(--warn);margin:0}
.page-button .label{font-weight:600}
.taps{font-size:12px;color:var(--tertiary)}
.story .findings,.file-findings .findings{font-size:12px;color:var(--secondary)}
.file-findings .source{font-size:12px;margin:0}
.notification{border-radius:14px;padding:10px 12px;margin:8px 0;background:var(--bg)}
.notification .app{margin:0;font-size:12px;color:var(--tertiary);text-transform:uppercase}
.notification h4{margin:2px 0}.notification p{margin:0;overflow-wrap:anywhere}
.rule{background:var(--card);border-radius:10px;padding:8px 12px;margin:0 0 8px;font-size:13px}
.rule summary{cursor:pointer}
"""#
}
