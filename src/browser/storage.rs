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

/// Saves the draft; storage that is full or disabled is ignored.
pub fn save_draft(payload: &str) {
    if let Some(storage) = local_storage() {
        let _ = storage.set_item(DRAFT_KEY, payload);
    }
}
