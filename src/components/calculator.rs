//! The page: the summary that stays in view, then one view at a time (Course & labs, Prices &
//! hardware, Results, Plan, Share), the current one named in the address bar.
//!
//! The page starts in slices ([`super::page::start`]): the first render draws what the
//! prerendered first paint shows (the summary and the tabs), then each part of the view and
//! last the glossary mount one per task, in page order, so nothing painted moves.

use gloo::events::EventListener;
use yew::prelude::*;

use super::page::shortcuts::use_undo_shortcuts;
use super::page::start::{use_start_in_slices, ALL};
use super::page::tabs::{panel_id, tab_id};
use super::{
    BreakdownTable, CalibrateForm, ChartsPanel, ComparablesPanel, ComparePanel, CoursePanel,
    FocusPanel, Fold, Glossary, Headline, LabsEditor, LinkNotice, Notice, PricingPanel,
    PrintHeader, ProjectEditor, ProviderComparison, RealismPanel, SavingsPanel, SchedulePanel,
    ShareBar, SpreadPanel, StandInChoices, SummaryBar, Tabs, TornadoPanel,
};
use crate::browser::address;
use crate::model::share::Tab;
use crate::state::use_scenario;

/// Folded panels, each an id (the fold's `data-testid` is `fold-<id>`), a title and the panel.
fn folds(panels: impl IntoIterator<Item = (&'static str, &'static str, Html)>) -> Html {
    panels
        .into_iter()
        .map(|(id, title, panel)| html! { <Fold {id} {title}>{ panel }</Fold> })
        .collect()
}

/// What a view shows, in parts: while the page starts, each mounts in a task of its own.
fn view(tab: Tab) -> Vec<Html> {
    match tab {
        Tab::Course => vec![
            html! { <CoursePanel /> },
            html! { <LabsEditor /> },
            html! { <ProjectEditor /> },
        ],
        Tab::Prices => vec![
            html! { <PricingPanel /> },
            html! { <StandInChoices /> },
            html! { <RealismPanel /> },
        ],
        Tab::Results => vec![
            html! { <Headline /> },
            html! { <ChartsPanel which="cost-by-lab" /> },
            html! { <BreakdownTable /> },
            html! {
                <>
                    <Fold id="providers" title="The same course on every provider">
                        <ProviderComparison />
                    </Fold>
                    <Fold id="more-charts" title="Planned vs actual hours, and cost by category (charts)">
                        <div class="chart-pair">
                            <ChartsPanel which="hours" />
                            <ChartsPanel which="categories" />
                        </div>
                    </Fold>
                </>
            },
        ],
        Tab::Plan => vec![
            html! { <SavingsPanel /> },
            html! { <TornadoPanel /> },
            folds([
                ("calibrate", "Calibrate to your own course's measured hours", html! { <CalibrateForm /> }),
                ("focus", "Calibrate from your bill (a FOCUS cost-and-usage export)", html! { <FocusPanel /> }),
                ("comparables", "How it compares with other courses", html! { <ComparablesPanel /> }),
                ("spread", "How much students differ, and budget per student", html! { <SpreadPanel /> }),
                ("schedule", "Semester timeline and quota request", html! { <SchedulePanel /> }),
                ("compare", "Compare two scenarios (A/B)", html! { <ComparePanel /> }),
            ]),
        ],
        Tab::Share => vec![html! { <ShareBar /> }],
    }
}

/// Keeps the browser tab's title on the scenario's name.
#[hook]
fn use_document_title(title: String) {
    use_effect_with(title, |title| {
        let base = "Course cost calculator";
        let text = if title.trim().is_empty() {
            format!("{base}: what an ML-systems course costs in cloud compute")
        } else {
            format!("{} · {base}", title.trim())
        };
        gloo::utils::document().set_title(&text);
    });
}

/// Shows the results while printing (every part at once, even while the page starts): the
/// printout is a one-page budget justification.
#[hook]
fn use_print_results(tab: UseStateHandle<Tab>, shown: UseStateHandle<usize>) {
    use_effect_with((), move |_| {
        let before = {
            let tab = tab.clone();
            EventListener::new(&gloo::utils::window(), "beforeprint", move |_| {
                shown.set(ALL);
                tab.set(Tab::Results);
            })
        };
        move || drop(before)
    });
}

/// The calculator.
#[component]
pub fn Calculator() -> Html {
    let state = use_scenario();
    let tab = use_state(|| Tab::of_fragment(&address::fragment()));
    use_undo_shortcuts(state.dispatch());
    use_document_title(state.scenario.title.clone());
    let current = *tab;
    let parts = view(current);
    // The view's parts, then the glossary.
    let shown = use_start_in_slices(parts.len() + 1);
    use_print_results(tab.clone(), shown.clone());
    let on_select = {
        let (tab, shown) = (tab.clone(), shown.clone());
        Callback::from(move |next: Tab| {
            address::replace_fragment(&next.in_fragment(&address::fragment()));
            // A view picked while the page starts shows whole at once.
            shown.set(ALL);
            tab.set(next);
        })
    };
    let glossary = *shown > parts.len();
    html! {
        <main class="calculator">
            <PrintHeader />
            <SummaryBar />
            <LinkNotice />
            <Notice />
            <Tabs {current} {on_select} />
            <section class="view" role="tabpanel" id={panel_id(current)}
                aria-labelledby={tab_id(current)} tabindex="0" data-testid={format!("view-{}", current.id())}>
                { for parts.into_iter().take(*shown) }
            </section>
            if glossary {
                <Glossary />
            }
        </main>
    }
}
