//! The gallery's `index.html`: one card a map with its pictures, name,
//! author, format, size and a link to the file, sortable by name and
//! size with a few lines of script; then the maps that failed, each with
//! its one-line error. One file, no external resources.

use super::card::Card;
use std::fmt::Write as _;

/// Text made safe for HTML, in elements and quoted attributes.
fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// A size for people: "3.2 MiB".
fn human(bytes: u64) -> String {
    mapscope::app::browser::human_size(bytes)
}

const STYLE: &str = "body{font-family:sans-serif;margin:1.5em;background:#f4f4f2;color:#222}\
h1{font-size:1.4em}.bar button{margin-right:.5em}\
#cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(340px,1fr));gap:1em;margin-top:1em}\
.card{background:#fff;border-radius:6px;box-shadow:0 1px 3px #0003;padding:.6em}\
.card img{width:100%;display:block;margin-bottom:.3em;background:#ccc}\
.pics{display:grid;grid-template-columns:1fr 1fr;gap:.3em}\
.card h2{font-size:1.05em;margin:.3em 0}.meta{font-size:.85em;color:#555}\
.fair{font-size:.85em;margin-top:.3em}.fair.over{color:#a50}\
.failed li{margin:.3em 0}.err{color:#a00;font-family:monospace}";

const SCRIPT: &str = "function sortBy(key,num){const c=document.getElementById('cards');\
const cards=[...c.children];cards.sort((a,b)=>num?(+a.dataset[key])-(+b.dataset[key]):\
a.dataset[key].localeCompare(b.dataset[key]));cards.forEach(x=>c.appendChild(x));}";

/// The page for `cards` (good ones and failures alike).
pub fn index_html(title: &str, cards: &[Card]) -> String {
    let (good, failed): (Vec<&Card>, Vec<&Card>) = cards.iter().partition(|c| c.error.is_none());
    let mut h = String::new();
    let _ = write!(
        h,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <title>{t}</title><style>{STYLE}</style><script>{SCRIPT}</script></head><body>\n\
         <h1>{t}</h1><p>{n} maps, {f} failed. Made by mapscope.</p>\n\
         <div class=\"bar\">Sort: <button onclick=\"sortBy('name',false)\">by name</button>\
         <button onclick=\"sortBy('area',true)\">by map size</button>\
         <button onclick=\"sortBy('bytes',true)\">by file size</button></div>\n<div id=\"cards\">\n",
        t = esc(title),
        n = good.len(),
        f = failed.len()
    );
    for c in &good {
        let _ = write!(
            h,
            "<div class=\"card\" data-name=\"{name}\" data-area=\"{area}\" data-bytes=\"{bytes}\">\
             <div class=\"pics\">",
            name = esc(&c.name.to_lowercase()),
            area = c.area,
            bytes = c.bytes
        );
        for p in &c.pictures {
            let _ = write!(
                h,
                "<a href=\"{p}\"><img src=\"{p}\" alt=\"{alt}\" loading=\"lazy\"></a>",
                p = esc(p),
                alt = esc(&format!("{} ({p})", c.name))
            );
        }
        let fair = c.fairness.as_ref().map_or(String::new(), |(line, over)| {
            let class = if *over { "fair over" } else { "fair" };
            format!("<div class=\"{class}\">{}</div>", esc(line))
        });
        let _ = writeln!(
            h,
            "</div><h2>{name}</h2><div class=\"meta\">{author}{format} · {size} · {human}<br>\
             <a href=\"{href}\">{path}</a></div>{fair}</div>",
            name = esc(&c.name),
            author = c
                .author
                .as_deref()
                .map(|a| format!("by {} · ", esc(a)))
                .unwrap_or_default(),
            format = esc(&c.format),
            size = esc(&c.size),
            human = human(c.bytes),
            href = esc(&c.href),
            path = esc(&c.path)
        );
    }
    h.push_str("</div>\n");
    if !failed.is_empty() {
        let _ = writeln!(h, "<h2>Failed ({})</h2><ul class=\"failed\">", failed.len());
        for c in &failed {
            let _ = writeln!(
                h,
                "<li><a href=\"{href}\">{path}</a>: <span class=\"err\">{err}</span></li>",
                href = esc(&c.href),
                path = esc(&c.path),
                err = esc(c.error.as_deref().unwrap_or_default())
            );
        }
        h.push_str("</ul>\n");
    }
    h.push_str("</body></html>\n");
    h
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(name: &str, error: Option<&str>) -> Card {
        Card {
            path: format!("maps/{name}.vxl"),
            href: format!("../maps/{name}.vxl"),
            stem: name.into(),
            name: name.into(),
            author: Some("A <b>".into()),
            format: "AoS VXL".into(),
            size: "512 x 512 x 64 voxels".into(),
            area: 262144,
            bytes: 1000,
            pictures: vec![format!("{name}-top.png")],
            error: error.map(Into::into),
            fairness: None,
        }
    }

    #[test]
    fn cards_are_escaped_and_failures_listed() {
        let page = index_html(
            "Maps",
            &[card("one", None), card("two", Some("bad <header>"))],
        );
        assert!(page.contains("by A &lt;b&gt;"));
        assert!(page.contains("<img src=\"one-top.png\""));
        assert!(!page.contains("two-top.png"));
        assert!(page.contains("Failed (1)"));
        assert!(page.contains("bad &lt;header&gt;"));
        assert!(page.contains("data-area=\"262144\""));
        assert!(!page.contains("class=\"fair"), "no table, no line");
        let mut w3x = card("w3x", None);
        w3x.fairness = Some(("Walking spreads: natural 56.4 % (over 5 %)".into(), true));
        let page = index_html("Maps", &[w3x]);
        assert!(page.contains("<div class=\"fair over\">Walking spreads: natural 56.4 %"));
    }
}
