//! What last replaced the whole scenario (a link, a preset, Reset, a kept scenario), so its
//! notice says what happened and what stays restorable.

use crate::model::presets::Preset;

/// What last replaced the whole scenario, so its notice says what happened.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Replacement {
    /// The page opened on a shared link over the draft saved in this browser.
    LinkOverSavedDraft,
    /// A shared link was opened (the address changed) over the scenario being edited.
    Link,
    /// A preset was loaded (Reset loads the paper's course) over an edited scenario.
    Preset(&'static Preset),
    /// The kept scenario was brought back; Undo returns to the one it replaced.
    Restored,
}

impl Replacement {
    /// What happened, in a sentence for the notice.
    pub fn message(self) -> String {
        match self {
            Replacement::LinkOverSavedDraft => {
                "You opened a shared link; your own draft from your last visit is kept.".to_string()
            }
            Replacement::Link => {
                "You opened a link; the scenario you were editing is kept.".to_string()
            }
            Replacement::Preset(preset) => format!(
                "You loaded \u{201c}{}\u{201d}; the scenario you had before is kept.",
                preset.name
            ),
            Replacement::Restored => {
                "Your kept scenario is back. Undo returns to the one it replaced.".to_string()
            }
        }
    }

    /// The label of the button that brings the kept scenario back.
    pub fn restore_label(self) -> &'static str {
        match self {
            Replacement::LinkOverSavedDraft => "Restore my draft",
            Replacement::Link | Replacement::Preset(_) => "Bring back the scenario I had",
            Replacement::Restored => "",
        }
    }
}
