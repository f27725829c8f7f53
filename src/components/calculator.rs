//! The page: the summary that stays in view, then one view at a time (Course & labs, Prices &
//! hardware, Results, Plan, Share), the current one named in the address bar.

use gloo::events::EventListener;
use gloo::timers::callback::Timeout;
use yew::prelude::*;

use super::page::shortcuts::use_undo_shortcuts;
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

/// What a view shows: its panels in page order, the first one on the first screen.
fn panels(tab: Tab) -> Vec<Html> {
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
                <Fold id="providers" title="The same course on every provider">
                    <ProviderComparison />
                </Fold>
            },
            html! {
                <Fold id="more-charts" title="Planned vs actual hours, and cost by category (charts)">
                    <div class="chart-pair">
                        <ChartsPanel which="hours" />
                        <ChartsPanel which="categories" />
                    </div>
                </Fold>
            },
        ],
        Tab::Plan => vec![
            html! { <SavingsPanel /> },
            html! { <TornadoPanel /> },
            // In html!, which rustfmt leaves as written: one fold a line.
            html! {
                { folds([
                    ("calibrate", "Calibrate to your own course's measured hours", html! { <CalibrateForm /> }),
                    ("focus", "Calibrate from your bill (a FOCUS cost-and-usage export)", html! { <FocusPanel /> }),
                    ("comparables", "How it compares with other courses", html! { <ComparablesPanel /> }),
                    ("spread", "How much students differ, and budget per student", html! { <SpreadPanel /> }),
                    ("schedule", "Semester timeline and quota request", html! { <SchedulePanel /> }),
                    ("compare", "Compare two scenarios (A/B)", html! { <ComparePanel /> }),
                ]) }
            },
        ],
        Tab::Share => vec![html! { <ShareBar /> }],
    }
}

/// Every part of the page mounted (see [`use_mounted_parts`]).
const EVERYTHING: usize = usize::MAX;

/// How many parts of the page are mounted: the view's panels, then the glossary. The app's first
/// task renders the summary and the tabs (the first screen, with the prerendered header); each
/// part then mounts in a task of its own, started (`setTimeout(0)`) once the previous one has
/// rendered, so no task keeps a slow phone from answering input for long while the page starts.
/// Choosing a view or printing mounts everything at once (`EVERYTHING`).
#[hook]
fn use_mounted_parts(parts: usize) -> UseStateHandle<usize> {
    let mounted = use_state(|| 0);
    {
        let mounted = mounted.clone();
        use_effect_with((*mounted, parts), move |&(count, parts)| {
            let next = (count < parts).then(|| Timeout::new(0, move || mounted.set(count + 1)));
            // Dropping the timeout (a later render, or leaving) cancels it.
            move || drop(next)
        });
    }
    mounted
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

/// Shows the results while printing, whole even while the page is still starting: the printout
/// is a one-page budget justification.
#[hook]
fn use_print_results(tab: UseStateHandle<Tab>, mounted: UseStateHandle<usize>) {
    use_effect_with((), move |_| {
        let before = {
            let tab = tab.clone();
            EventListener::new(&gloo::utils::window(), "beforeprint", move |_| {
                tab.set(Tab::Results);
                mounted.set(EVERYTHING);
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
    let panels = panels(current);
    let panels_len = panels.len();
    // The view's panels, then the glossary.
    let mounted = use_mounted_parts(panels_len + 1);
    use_print_results(tab.clone(), mounted.clone());
    let on_select = {
        let (tab, mounted) = (tab.clone(), mounted.clone());
        Callback::from(move |next: Tab| {
            address::replace_fragment(&next.in_fragment(&address::fragment()));
            tab.set(next);
            mounted.set(EVERYTHING);
        })
    };
    let shown = *mounted;
    html! {
        <main class="calculator">
            <PrintHeader />
            <SummaryBar />
            <LinkNotice />
            <Notice />
            <Tabs {current} {on_select} />
            <section class="view" role="tabpanel" id={panel_id(current)}
                aria-labelledby={tab_id(current)} tabindex="0" data-testid={format!("view-{}", current.id())}>
                if shown == 0 {
                    <p class="panel loading">{ "Loading the view…" }</p>
                }
                { for panels.into_iter().take(shown) }
            </section>
            if shown > panels_len {
                <Glossary />
            }
        </main>
    }
}
