//! `mapscope diff OLD NEW`: what changed between two versions of a map, as
//! a report or JSON, with `diff(1)`'s exit status (0 same, 1 different, 2
//! trouble). Given git's seven arguments (`path old-file old-hex old-mode
//! new-file new-hex new-mode`) it is git's external diff driver: a side
//! git passes as `/dev/null` is a map added or deleted, and the status is
//! 0 unless there is trouble, as git expects of a driver.

use mapscope::diff;
use mapscope::formats::LoadOptions;
use mapscope::kinds::views::{self, View};
use mapscope::open_diff::{compare, Side};
use mapscope::render::headless::{self, Headless};
use std::path::{Path, PathBuf};

/// How the two sides were named on the command line.
pub struct Sides {
    pub old: PathBuf,
    pub new: PathBuf,
    /// git's path of the file, when run as git's driver.
    pub git_path: Option<String>,
}

impl Sides {
    /// `OLD NEW`, or git's seven arguments.
    pub fn parse(args: &[PathBuf]) -> Result<Sides, String> {
        match args {
            [old, new] => Ok(Sides { old: old.clone(), new: new.clone(), git_path: None }),
            [path, old, _, _, new, _, _] => Ok(Sides {
                old: old.clone(),
                new: new.clone(),
                git_path: Some(path.display().to_string()),
            }),
            _ => Err(format!(
                "diff takes OLD NEW, or git's seven arguments (path old-file old-hex old-mode new-file new-hex new-mode); {} given",
                args.len()
            )),
        }
    }
}

fn load(path: &Path, options: &LoadOptions) -> Result<Option<Side>, String> {
    match path == Path::new("/dev/null") {
        true => Ok(None),
        false => Side::load(path, options).map(Some),
    }
}

/// A map added or deleted (git's `/dev/null` on one side), under the
/// same header as a map changed.
fn one_sided(side: &Side, header: &str, added: bool, json: bool) -> String {
    let what = if added { "added" } else { "deleted" };
    let summary = mapscope::info::summary_text(&side.map);
    match json {
        true => serde_json::json!({"same": false, what: true, "map": mapscope::info::summary_json(&side.map)}).to_string(),
        false => format!("{header}\nmap {what}\n{summary}"),
    }
}

/// git's driver with a side it cannot read: said as text where the report
/// would be (with the temporary file's name as git's), so that `git log
/// -p` goes on to the next commit.
fn unreadable(header: &str, sides: [(&str, String); 2], json: bool) -> String {
    let said = sides.into_iter().filter(|(_, e)| !e.is_empty());
    match json {
        true => {
            let errors: serde_json::Map<String, serde_json::Value> = said
                .into_iter()
                .map(|(w, e)| (format!("{w} error"), e.into()))
                .collect();
            serde_json::Value::Object(errors).to_string()
        }
        false => {
            let mut out = format!("{header}\n");
            for (which, e) in said {
                out.push_str(&format!("{which} version: {e}\n"));
            }
            out
        }
    }
}

/// `-o PNG --view V`: the new map drawn with the changes marked.
pub struct Picture {
    pub path: PathBuf,
    pub view: View,
}

/// Draws `new` with `d`'s changes marked into `picture`.
fn draw(new: &mapscope::store::Map, d: &diff::MapDiff, picture: &Picture) -> anyhow::Result<()> {
    let (width, height) = (1280, 720);
    let mut gpu = Headless::new()?;
    mapscope::render::limits::check(&gpu.gpu.device.limits(), width, height)?;
    let mut scene = views::scene(new, &gpu.renderer, &gpu.gpu.device, false);
    let marks = mapscope::kinds::diff_marks(new, d);
    let (boxes, lines) = views::mark_boxes(new, &marks, 1.0 / 64.0);
    scene.set_marks(&gpu.gpu.device, &boxes, &lines);
    scene.notes = diff::report::fairness_lines(d);
    let look = super::render::Look::view(picture.view);
    // What did not change is dimmed, so that the marks stand out.
    let options = mapscope::render::RenderOptions {
        dim: 0.4,
        ..Default::default()
    };
    let rgba = super::render::draw(&mut gpu, new, &scene, &look, [width, height], &options)?;
    headless::write_png(&picture.path, &rgba, width, height, true)?;
    eprintln!(
        "wrote {} ({} changes marked)",
        picture.path.display(),
        marks.len()
    );
    Ok(())
}

/// Runs the command; the exit status.
pub fn run(args: &[PathBuf], json: bool, picture: Option<&Picture>, options: &LoadOptions) -> i32 {
    let sides = match Sides::parse(args) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("mapscope: {e}");
            return 2;
        }
    };
    let git = sides.git_path.is_some();
    // Both sides load at once: the diff should cost about what opening one does.
    let (old, new) = std::thread::scope(|s| {
        let old = s.spawn(|| load(&sides.old, options));
        let new = load(&sides.new, options);
        (
            old.join()
                .unwrap_or_else(|_| Err("the loader failed".into())),
            new,
        )
    });
    let (old_name, new_name) = match &sides.git_path {
        Some(p) => (format!("a/{p}"), format!("b/{p}")),
        None => (
            sides.old.display().to_string(),
            sides.new.display().to_string(),
        ),
    };
    let header = format!("mapscope diff {old_name} {new_name}");
    let (old, new) = match (old, new) {
        (Ok(o), Ok(n)) => (o, n),
        (o, n) if git => {
            // git stops at a driver's failure: a version it cannot read is
            // the answer for this file, and the log goes on.
            let named = |e: Option<String>, tmp: &Path, name: &str| {
                e.unwrap_or_default()
                    .replace(&tmp.display().to_string(), name)
            };
            let said = [
                ("old", named(o.err(), &sides.old, &old_name)),
                ("new", named(n.err(), &sides.new, &new_name)),
            ];
            print!("{}", unreadable(&header, said, json));
            println!();
            return 0;
        }
        (o, n) => {
            for e in [o.err(), n.err()].into_iter().flatten() {
                eprintln!("mapscope: {e}");
            }
            return 2;
        }
    };
    let different = match (&old, &new) {
        (None, None) => {
            eprintln!("mapscope: both sides are /dev/null");
            return 2;
        }
        (None, Some(n)) => {
            println!("{}", one_sided(n, &header, true, json));
            true
        }
        (Some(o), None) => {
            println!("{}", one_sided(o, &header, false, json));
            true
        }
        (Some(o), Some(n)) => match compare(o, n) {
            Ok(d) => {
                match json {
                    true => println!("{}", diff::json::to_json(&d)),
                    false => print!("{}", diff::report::text(&d, &old_name, &new_name)),
                }
                if git {
                    // Maps changed in one commit: a blank line between them.
                    println!();
                }
                if let Some(p) = picture {
                    if let Err(e) = draw(&n.map, &d, p) {
                        eprintln!("mapscope: cannot draw {}: {e:#}", p.path.display());
                        return 2;
                    }
                }
                !d.same()
            }
            Err(e) => {
                eprintln!("mapscope: {e}");
                return 2;
            }
        },
    };
    match (different, git) {
        (true, false) => 1,
        _ => 0,
    }
}
