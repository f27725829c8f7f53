//! Changes to a project use's pool of resource types and to the scenario's capacities.

use crate::model::edit::room_for;
use crate::model::scenario::course::{PoolShare, ProjectUse};
use crate::model::scenario::limits;
use crate::model::scenario::{Capacity, Scenario};

/// A change to a pool or a capacity.
#[derive(Clone, Debug, PartialEq)]
pub enum PoolChange {
    /// Spread project use `item` over a pool: its resource first, at 100%, until shares are set.
    AddMember {
        /// Project use index.
        item: usize,
        /// Resource id of the new member.
        resource: String,
    },
    /// Remove member `member`; its share goes to the others in proportion.
    RemoveMember {
        /// Project use index.
        item: usize,
        /// Member index.
        member: usize,
    },
    /// Change which resource member `member` is.
    SetMemberResource {
        /// Project use index.
        item: usize,
        /// Member index.
        member: usize,
        /// Resource id.
        resource: String,
    },
    /// Say how many units of a resource exist, from week `start_week` for `weeks` weeks.
    AddCapacity(Capacity),
    /// Forget capacity `index`.
    RemoveCapacity(usize),
}

impl PoolChange {
    /// What the change does, in words for an Undo button.
    pub fn label(&self) -> &'static str {
        match self {
            PoolChange::AddMember { .. } => "add to the pool",
            PoolChange::RemoveMember { .. } => "remove from the pool",
            PoolChange::SetMemberResource { .. } => "change a pool member",
            PoolChange::AddCapacity(_) => "add a capacity",
            PoolChange::RemoveCapacity(_) => "remove a capacity",
        }
    }

    /// Applies the change to `scenario` in place.
    pub fn apply(self, scenario: &mut Scenario) -> Result<(), String> {
        match self {
            PoolChange::AddMember { item, resource } => {
                let project_use = project_use(scenario, item)?;
                room_for(
                    project_use.pool.len(),
                    limits::OPTIONS,
                    "resources in a pool",
                )?;
                if project_use.pool.is_empty() {
                    let first = project_use.resource.clone();
                    project_use.pool.push(PoolShare {
                        resource: first,
                        share_pct: 100.0,
                    });
                }
                project_use.pool.push(PoolShare {
                    resource,
                    share_pct: 0.0,
                });
            }
            PoolChange::RemoveMember { item, member } => {
                let pool = &mut project_use(scenario, item)?.pool;
                if member >= pool.len() {
                    return Err(GONE.to_string());
                }
                let removed = pool.remove(member);
                share_out(
                    removed.share_pct,
                    pool.iter_mut().map(|m| &mut m.share_pct).collect(),
                );
                // A pool of one is just the resource.
                if pool.len() == 1 {
                    pool.clear();
                }
            }
            PoolChange::SetMemberResource {
                item,
                member,
                resource,
            } => {
                let pool = &mut project_use(scenario, item)?.pool;
                pool.get_mut(member)
                    .ok_or_else(|| GONE.to_string())?
                    .resource = resource;
            }
            PoolChange::AddCapacity(capacity) => {
                room_for(scenario.capacity.len(), limits::CHOICES, "capacities")?;
                scenario.capacity.push(capacity);
            }
            PoolChange::RemoveCapacity(index) => {
                if index >= scenario.capacity.len() {
                    return Err("that capacity no longer exists".to_string());
                }
                scenario.capacity.remove(index);
            }
        }
        Ok(())
    }
}

/// What a change to a project use that is no longer there is told.
const GONE: &str = "that project resource no longer exists";

/// Project use `item` of `scenario`, or why not.
fn project_use(scenario: &mut Scenario, item: usize) -> Result<&mut ProjectUse, String> {
    scenario
        .course
        .project
        .uses
        .get_mut(item)
        .ok_or_else(|| GONE.to_string())
}

/// Hands a removed member's share (percent) to the `rest` in proportion to theirs, or evenly if
/// they had none: a pool's members, a lab's options.
pub(crate) fn share_out(removed: f64, rest: Vec<&mut f64>) {
    let total: f64 = rest.iter().map(|share| **share).sum();
    let count = rest.len() as f64;
    for share in rest {
        *share = if total > 0.0 {
            *share + removed * *share / total
        } else {
            (total + removed) / count
        };
    }
}
