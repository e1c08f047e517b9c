//! `scripts/package.sh` packs the game for Linux: the archive holds the binary, the README, the
//! licence, the launcher entry, the asset tool's icon and the installer, and what it unpacks runs
//! and installs. (The test packs the binary this build made; the release build is the script's
//! own first step.)

use std::path::{Path, PathBuf};
use std::process::Command;

/// Run `program` with `args` in `dir` and `env`, and return what it printed, failing on an error.
fn run(program: &Path, args: &[&str], dir: &Path, env: &[(&str, &Path)]) -> String {
    let mut command = Command::new(program);
    command.args(args).current_dir(dir);
    for (k, v) in env {
        command.env(k, v);
    }
    let out = command
        .output()
        .unwrap_or_else(|e| panic!("{}: {e}", program.display()));
    let printed =
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{}: {printed}", program.display());
    printed
}

#[test]
fn the_archive_holds_the_game_its_launcher_and_icon_and_installs() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    let root = std::env::temp_dir().join(format!("hoarfrost-package-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let (dist, unpacked, prefix) = (
        root.join("dist"),
        root.join("unpacked"),
        root.join("prefix"),
    );
    std::fs::create_dir_all(&unpacked).unwrap();
    let binary = PathBuf::from(env!("CARGO_BIN_EXE_hoarfrost"));
    let said = run(
        &repo.join("scripts/package.sh"),
        &[],
        repo,
        &[("HOARFROST_BINARY", &binary), ("DIST", &dist)],
    );
    let name = format!(
        "hoarfrost-{}-linux-{}",
        env!("CARGO_PKG_VERSION"),
        std::env::consts::ARCH
    );
    let archive = dist.join(format!("{name}.tar.gz"));
    assert!(
        said.contains(&format!("wrote {}", archive.display())),
        "{said}"
    );
    let tar = Path::new("tar");
    let listed = run(tar, &["-tzf", archive.to_str().unwrap()], &root, &[]);
    let mut files: Vec<&str> = listed.lines().collect();
    files.sort();
    let expected: Vec<String> = [
        "",
        "LICENSE",
        "README.md",
        "hoarfrost",
        "hoarfrost.desktop",
        "hoarfrost.png",
        "install.sh",
    ]
    .iter()
    .map(|f| format!("{name}/{f}"))
    .collect();
    assert_eq!(files, expected);
    run(tar, &["-xzf", archive.to_str().unwrap()], &unpacked, &[]);
    let here = unpacked.join(&name);

    // The icon is the asset tool's, and the launcher names it and the binary.
    let icon = std::fs::read(here.join("hoarfrost.png")).unwrap();
    assert!(icon == std::fs::read(repo.join("assets/icon.png")).unwrap());
    let entry = std::fs::read_to_string(here.join("hoarfrost.desktop")).unwrap();
    assert_eq!(entry.lines().next(), Some("[Desktop Entry]"));
    for line in [
        "Type=Application",
        "Name=Hoarfrost",
        "Exec=hoarfrost",
        "Icon=hoarfrost",
    ] {
        assert!(entry.lines().any(|l| l == line), "{line} in\n{entry}");
    }

    // What was unpacked runs on its own.
    let version = run(&here.join("hoarfrost"), &["--version"], &root, &[]);
    assert_eq!(
        version.trim(),
        format!("hoarfrost {}", env!("CARGO_PKG_VERSION"))
    );

    // The installer puts the three where desktops look, and takes them away again.
    let installed = [
        "bin/hoarfrost",
        "share/applications/hoarfrost.desktop",
        "share/icons/hicolor/256x256/apps/hoarfrost.png",
    ];
    run(&here.join("install.sh"), &[], &root, &[("PREFIX", &prefix)]);
    for file in installed {
        assert!(prefix.join(file).is_file(), "{file} installed");
    }
    let version = run(&prefix.join("bin/hoarfrost"), &["--version"], &root, &[]);
    assert!(version.starts_with("hoarfrost "), "{version}");
    run(
        &here.join("install.sh"),
        &["--remove"],
        &root,
        &[("PREFIX", &prefix)],
    );
    for file in installed {
        assert!(!prefix.join(file).exists(), "{file} removed");
    }
    let _ = std::fs::remove_dir_all(&root);
}
