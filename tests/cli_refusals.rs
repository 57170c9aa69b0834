//! What every subcommand refuses, and how: mistakes in its arguments
//! with exit status 2 (as README says), and a device, a FIFO or a file
//! larger than any map at once, with a message naming what it is, in
//! bounded memory.

mod common;

use common::{mapscope, without_display};
use std::path::Path;
use std::process::Command;

fn scratch(test: &str) -> common::Scratch {
    common::scratch_dir("cli_refusals", test)
}

/// A flat AoS map, every column's top at z 50.
fn small_vxl() -> Vec<u8> {
    common::aos_file(|_, _| (50, 0x7f80_8080))
}

/// The subcommands `mapscope --help` lists, but `help`.
fn subcommands() -> Vec<String> {
    let help = String::from_utf8_lossy(&mapscope(&["--help".as_ref()]).stdout).into_owned();
    help.lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .map(str::to_string)
        .collect()
}

/// Every subcommand's mistakes in its arguments exit 2, as README says,
/// those clap finds and those found after parsing alike (an output that
/// exists, an output whose name tells no format, a bad script); the
/// subcommands are read from `--help`, so a new one needs its row here.
#[test]
fn every_subcommands_argument_mistakes_exit_2() {
    let dir = scratch("usage");
    let vxl = dir.join("a.vxl");
    std::fs::write(&vxl, small_vxl()).unwrap();
    let names = ["taken.png", "taken.glb", "taken.vmf", "bad.txt"];
    let [taken, taken_glb, taken_vmf, bad_script] = names.map(|n| dir.join(n));
    for file in [&taken, &taken_glb, &taken_vmf] {
        std::fs::write(file, b"not yours").unwrap();
    }
    let script = "4 4 20\n10000000000000 1 0 0 0 0 0 0 0 1 0 0\n";
    std::fs::write(&bad_script, script).unwrap();
    let (v, d) = (vxl.to_str().unwrap(), dir.to_str().unwrap());
    let path = |p: &Path| p.to_str().unwrap().to_string();
    let foo = path(&dir.join("hall.foo"));
    let cases: Vec<(&str, Vec<String>)> = vec![
        ("info", vec!["info".into()]),
        (
            "info",
            vec!["info".into(), v.into(), "--size".into(), "3x".into()],
        ),
        ("diff", vec!["diff".into(), v.into()]),
        ("convert", vec!["convert".into(), v.into(), foo.clone()]),
        (
            "convert",
            vec![
                "convert".into(),
                v.into(),
                path(&dir.join("x.vmf")),
                "--format".into(),
                "nope".into(),
            ],
        ),
        (
            "convert",
            vec!["convert".into(), v.into(), path(&taken_vmf)],
        ),
        ("render", vec!["render".into(), v.into()]),
        (
            "render",
            vec!["render".into(), v.into(), "-o".into(), path(&taken)],
        ),
        ("export", vec!["export".into(), v.into(), foo.clone()]),
        ("export", vec!["export".into(), v.into(), path(&taken_glb)]),
        ("gallery", vec!["gallery".into(), d.into()]),
        ("thumbnail", vec!["thumbnail".into(), v.into()]),
        (
            "install-desktop",
            vec!["install-desktop".into(), "--no-such-flag".into()],
        ),
        (
            "analyze",
            vec!["analyze".into(), v.into(), "--no-such-flag".into()],
        ),
        ("walk", vec!["walk".into(), v.into()]),
        (
            "walk",
            vec![
                "walk".into(),
                v.into(),
                "--script".into(),
                path(&bad_script),
            ],
        ),
        ("replay", vec!["replay".into()]),
        ("replays", vec!["replays".into()]),
        (
            "bench",
            vec![
                "bench".into(),
                v.into(),
                "--iterations".into(),
                "many".into(),
            ],
        ),
        (
            "(viewer)",
            vec![v.into(), "--start-with".into(), "nowhere".into()],
        ),
    ];
    let commands = subcommands();
    assert!(commands.len() >= 11, "{commands:?}");
    for c in &commands {
        assert!(
            cases.iter().any(|(n, _)| *n == c.as_str()),
            "no mistake tried for `{c}`"
        );
    }
    for (_, args) in &cases {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = without_display(&dir, &args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(!err.trim().is_empty(), "{args:?} said nothing");
    }
    for taken in [&taken, &taken_glb, &taken_vmf] {
        assert_eq!(std::fs::read(taken).unwrap(), b"not yours");
    }
    assert!(!dir.join("hall.foo").exists());
}

/// Runs mapscope with `args` in `dir`, ended after 60 s: its exit status,
/// what it said on stderr and its peak resident memory (KiB).
// The child is reaped by `wait4`, for its figures, not by `wait()`.
#[allow(clippy::zombie_processes)]
fn measured(dir: &Path, args: &[&str]) -> (Option<i32>, String, i64) {
    use std::io::Read;
    // `timeout` ends a hang; wait4's figures take in what it waited for.
    let mut child = Command::new("timeout")
        .arg("60")
        .arg(env!("CARGO_BIN_EXE_mapscope"))
        .args(args)
        .current_dir(dir)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("runs mapscope");
    let pid = child.id() as libc::pid_t;
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    let (mut status, mut usage) = (0, unsafe { std::mem::zeroed::<libc::rusage>() });
    // SAFETY: waits for our own child, filling two locals.
    let got = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(got, pid);
    let code = libc::WIFEXITED(status).then(|| libc::WEXITSTATUS(status));
    (code, err, usage.ru_maxrss)
}

/// A device, a FIFO and a file larger than any map are refused by every
/// command at once, with a message saying what they are, in bounded
/// memory (`walk /dev/zero` grew to 8.4 GB, `analyze /dev/zero` to 10.8).
#[test]
fn devices_fifos_and_huge_files_are_refused_by_every_command() {
    let dir = scratch("devices");
    let fifo = dir.join("pipe.vxl");
    let name = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    // SAFETY: a plain libc call on a path string that lives across it.
    assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o600) }, 0);
    let huge = dir.join("huge.vxl");
    let file = std::fs::File::create(&huge).unwrap();
    file.set_len(mapscope::formats::file::LARGEST_MAP + 1)
        .unwrap();
    let script = dir.join("s.txt");
    std::fs::write(&script, "1 1 1\n").unwrap();
    let gallery = dir.join("maps");
    std::fs::create_dir_all(&gallery).unwrap();
    let inner = std::ffi::CString::new(gallery.join("a.vxl").to_str().unwrap()).unwrap();
    // SAFETY: as above.
    assert_eq!(unsafe { libc::mkfifo(inner.as_ptr(), 0o600) }, 0);
    let s = script.to_str().unwrap();
    for (bad, says) in [
        ("/dev/zero", "character device"),
        (fifo.to_str().unwrap(), "FIFO"),
        (huge.to_str().unwrap(), "more than the largest"),
    ] {
        let runs: Vec<Vec<&str>> = vec![
            vec!["info", bad],
            vec!["render", bad, "-o", "x.png"],
            vec!["thumbnail", bad, "t.png"],
            vec!["export", bad, "x.glb"],
            vec!["diff", bad, bad],
            vec!["walk", bad, "--script", s],
            vec!["walk", s, "--script", bad],
            vec!["analyze", bad],
            vec!["replay", bad],
            vec!["bench", bad],
            vec!["convert", bad, "x.vmf"],
        ];
        for args in runs {
            let (code, err, peak_kib) = measured(&dir, &args);
            assert!(matches!(code, Some(1 | 2)), "{args:?}: {code:?} {err}");
            assert!(err.contains(says), "{args:?}: {err}");
            assert!(peak_kib < 50 * 1024, "{args:?}: {peak_kib} KiB");
        }
    }
    // A gallery passes a FIFO by (it is no map file) rather than waiting
    // on it: it ends at once, finding no maps.
    let (code, err, peak_kib) = measured(&dir, &["gallery", gallery.to_str().unwrap(), "-o", "g"]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("no maps found"), "{err}");
    assert!(peak_kib < 50 * 1024, "{peak_kib} KiB");
}
