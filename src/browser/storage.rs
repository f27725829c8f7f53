//! The draft kept in this browser's local storage.

/// Key of the saved draft (a share-link payload).
const DRAFT_KEY: &str = "course-cost.draft.v1";

fn local_storage() -> Option<web_sys::Storage> {
    gloo::utils::window().local_storage().ok().flatten()
}

/// The saved draft, if storage is available and holds one.
pub fn load_draft() -> Option<String> {
    local_storage()?.get_item(DRAFT_KEY).ok().flatten()
}

/// Saves the draft; why not, in words for the user, when storage is full or disabled.
pub fn save_draft(payload: &str) -> Result<(), String> {
    let storage = local_storage().ok_or_else(|| {
        "This browser does not let the calculator keep a draft (storage is disabled): \
         copy the link to keep your work."
            .to_string()
    })?;
    storage.set_item(DRAFT_KEY, payload).map_err(|_| {
        "Your draft could not be saved in this browser (storage is full): copy the link to \
         keep your work."
            .to_string()
    })
}
