//! The sockets of online play: renet's netcode over UDP. The server listens on a port of this
//! machine; a client connects to the server's address. Netcode's own authentication is left
//! unsecured: the table's join code, checked by the server before a client may sit, keeps out
//! anyone who does not have it.

use std::net::{Ipv4Addr, SocketAddr, UdpSocket};
use std::time::SystemTime;

use bevy::prelude::*;
use bevy_replicon::prelude::*;
use bevy_replicon_renet::RenetChannelsExt;
use bevy_replicon_renet::netcode::{
    ClientAuthentication, NetcodeClientTransport, NetcodeServerTransport, ServerAuthentication,
    ServerConfig,
};
use bevy_replicon_renet::renet::ConnectionConfig;
use bevy_replicon_renet::{RenetClient, RenetServer};

/// Netcode's protocol number for Hoarfrost (a client of another protocol is not let in).
const PROTOCOL_ID: u64 = 0x486F_6172_6672_6F73;

/// The most clients one table's server takes at once.
pub const MAX_CLIENTS: usize = 16;

/// The time netcode stamps its tokens with.
fn now() -> std::time::Duration {
    SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .unwrap_or_default()
}

/// Renet's connection settings from the channels replicon registered.
fn connection(world: &World) -> ConnectionConfig {
    let channels = world.resource::<RepliconChannels>();
    ConnectionConfig {
        server_channels_config: channels.server_configs(),
        client_channels_config: channels.client_configs(),
        ..Default::default()
    }
}

/// Listen for clients on `port` of every address of this machine (0: a free port), or of the
/// loopback address alone if `loopback`; the port listened on, or why not.
pub fn listen(app: &mut App, port: u16, loopback: bool) -> Result<u16, String> {
    let ip = if loopback {
        Ipv4Addr::LOCALHOST
    } else {
        Ipv4Addr::UNSPECIFIED
    };
    let socket =
        UdpSocket::bind((ip, port)).map_err(|e| format!("cannot listen on port {port}: {e}"))?;
    let address = socket.local_addr().map_err(|e| e.to_string())?;
    let config = ServerConfig {
        current_time: now(),
        max_clients: MAX_CLIENTS,
        protocol_id: PROTOCOL_ID,
        public_addresses: vec![address],
        authentication: ServerAuthentication::Unsecure,
    };
    let transport = NetcodeServerTransport::new(config, socket).map_err(|e| e.to_string())?;
    let server = RenetServer::new(connection(app.world()));
    app.insert_resource(server).insert_resource(transport);
    Ok(address.port())
}

/// Connect to the server at `address` as client number `id` (unique at the table).
pub fn connect(app: &mut App, address: SocketAddr, id: u64) -> Result<(), String> {
    connect_world(app.world_mut(), address, id)
}

/// [`connect`], from a running app's world (replicon's channels settled).
pub fn connect_world(world: &mut World, address: SocketAddr, id: u64) -> Result<(), String> {
    let socket = UdpSocket::bind((Ipv4Addr::UNSPECIFIED, 0)).map_err(|e| e.to_string())?;
    let authentication = ClientAuthentication::Unsecure {
        client_id: id,
        protocol_id: PROTOCOL_ID,
        server_addr: address,
        user_data: None,
    };
    let transport =
        NetcodeClientTransport::new(now(), authentication, socket).map_err(|e| e.to_string())?;
    let client = RenetClient::new(connection(world));
    world.insert_resource(client);
    world.insert_resource(transport);
    Ok(())
}

/// Close this app's connection to its table, if it has one.
pub fn disconnect(world: &mut World) {
    if let Some(mut transport) = world.get_resource_mut::<NetcodeClientTransport>() {
        transport.disconnect();
    }
    if let Some(mut client) = world.get_resource_mut::<RenetClient>() {
        client.disconnect();
    }
}
