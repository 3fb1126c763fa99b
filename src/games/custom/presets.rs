//! The preset games: rules files of the repository's `rules/` folder, built in.

use super::rules::Rules;

/// A preset: its name (the file's, without `.toml`) and its rules file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Preset {
    /// The name `retrolab rules` and the page know it by.
    pub name: &'static str,
    /// The rules file.
    pub text: &'static str,
}

impl Preset {
    /// The preset's rules, read and checked.
    ///
    /// # Panics
    /// If the built-in file is not valid rules (a test reads every one).
    pub fn rules(&self) -> Rules {
        self.text
            .parse()
            .unwrap_or_else(|e| panic!("preset {}: {e}", self.name))
    }
}

/// Every preset, in the order they are listed.
pub const PRESETS: [Preset; 4] = [
    Preset {
        name: "river-pawn",
        text: include_str!("../../../rules/river-pawn.toml"),
    },
    Preset {
        name: "chase",
        text: include_str!("../../../rules/chase.toml"),
    },
    Preset {
        name: "fox-and-hounds",
        text: include_str!("../../../rules/fox-and-hounds.toml"),
    },
    Preset {
        name: "knights",
        text: include_str!("../../../rules/knights.toml"),
    },
];

/// The preset named `name`.
///
/// # Errors
/// `unknown preset "…" (river-pawn, chase, fox-and-hounds or knights)`.
pub fn preset(name: &str) -> Result<&'static Preset, String> {
    PRESETS.iter().find(|p| p.name == name).ok_or_else(|| {
        let names: Vec<&str> = PRESETS.iter().map(|p| p.name).collect();
        let (last, rest) = names.split_last().expect("there are presets");
        format!("unknown preset {name:?} ({} or {last})", rest.join(", "))
    })
}
