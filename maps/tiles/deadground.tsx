<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="deadground" tilewidth="32" tileheight="32" tilecount="48" columns="8">
 <image source="deadground.png" width="256" height="192"/>
 <tile id="0">
  <properties>
   <property name="name" value="grass"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="name" value="grass_flowers"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="name" value="grass_dark"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="name" value="grass_dry"/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="name" value="orchard"/>
  </properties>
 </tile>
 <tile id="5">
  <properties>
   <property name="name" value="woods"/>
  </properties>
 </tile>
 <tile id="6">
  <properties>
   <property name="name" value="woods_trunk"/>
  </properties>
 </tile>
 <tile id="7">
  <properties>
   <property name="name" value="hedge"/>
  </properties>
 </tile>
 <tile id="8">
  <properties>
   <property name="name" value="road"/>
  </properties>
 </tile>
 <tile id="9">
  <properties>
   <property name="name" value="road_cracked"/>
  </properties>
 </tile>
 <tile id="10">
  <properties>
   <property name="name" value="road_line_h"/>
  </properties>
 </tile>
 <tile id="11">
  <properties>
   <property name="name" value="road_line_v"/>
  </properties>
 </tile>
 <tile id="12">
  <properties>
   <property name="name" value="road_edge_n"/>
  </properties>
 </tile>
 <tile id="13">
  <properties>
   <property name="name" value="road_edge_s"/>
  </properties>
 </tile>
 <tile id="14">
  <properties>
   <property name="name" value="road_edge_e"/>
  </properties>
 </tile>
 <tile id="15">
  <properties>
   <property name="name" value="road_edge_w"/>
  </properties>
 </tile>
 <tile id="16">
  <properties>
   <property name="name" value="dirt"/>
  </properties>
 </tile>
 <tile id="17">
  <properties>
   <property name="name" value="dirt_ruts_h"/>
  </properties>
 </tile>
 <tile id="18">
  <properties>
   <property name="name" value="dirt_ruts_v"/>
  </properties>
 </tile>
 <tile id="19">
  <properties>
   <property name="name" value="dirt_edge_n"/>
  </properties>
 </tile>
 <tile id="20">
  <properties>
   <property name="name" value="dirt_edge_s"/>
  </properties>
 </tile>
 <tile id="21">
  <properties>
   <property name="name" value="dirt_edge_e"/>
  </properties>
 </tile>
 <tile id="22">
  <properties>
   <property name="name" value="dirt_edge_w"/>
  </properties>
 </tile>
 <tile id="23">
  <properties>
   <property name="name" value="mud"/>
  </properties>
 </tile>
 <tile id="24">
  <properties>
   <property name="name" value="mud_puddle"/>
  </properties>
 </tile>
 <tile id="25">
  <properties>
   <property name="name" value="cobbles"/>
  </properties>
 </tile>
 <tile id="26">
  <properties>
   <property name="name" value="cobbles_worn"/>
  </properties>
 </tile>
 <tile id="27">
  <properties>
   <property name="name" value="flagstones"/>
  </properties>
 </tile>
 <tile id="28">
  <properties>
   <property name="name" value="pavement"/>
  </properties>
 </tile>
 <tile id="29">
  <properties>
   <property name="name" value="wood_floor"/>
  </properties>
 </tile>
 <tile id="30">
  <properties>
   <property name="name" value="wood_floor_v"/>
  </properties>
 </tile>
 <tile id="31">
  <properties>
   <property name="name" value="tiled_floor"/>
  </properties>
 </tile>
 <tile id="32">
  <properties>
   <property name="name" value="tiled_floor_terracotta"/>
  </properties>
 </tile>
 <tile id="33">
  <properties>
   <property name="name" value="crops"/>
  </properties>
 </tile>
 <tile id="34">
  <properties>
   <property name="name" value="crops_wheat"/>
  </properties>
 </tile>
 <tile id="35">
  <properties>
   <property name="name" value="field_ploughed"/>
  </properties>
 </tile>
 <tile id="36">
  <properties>
   <property name="name" value="water"/>
  </properties>
 </tile>
 <tile id="37">
  <properties>
   <property name="name" value="water_weed"/>
  </properties>
 </tile>
 <tile id="38">
  <properties>
   <property name="name" value="rubble"/>
  </properties>
 </tile>
 <tile id="39">
  <properties>
   <property name="name" value="rubble_dense"/>
  </properties>
 </tile>
 <tile id="40">
  <properties>
   <property name="name" value="rubble_brick"/>
  </properties>
 </tile>
 <tile id="41">
  <properties>
   <property name="name" value="ash"/>
  </properties>
 </tile>
 <tile id="42">
  <properties>
   <property name="name" value="ash_embers"/>
  </properties>
 </tile>
 <tile id="43">
  <properties>
   <property name="name" value="scorched"/>
  </properties>
 </tile>
 <tile id="44">
  <properties>
   <property name="name" value="hive_floor"/>
  </properties>
 </tile>
 <tile id="45">
  <properties>
   <property name="name" value="hive_floor_b"/>
  </properties>
 </tile>
 <tile id="46">
  <properties>
   <property name="name" value="hive_grate"/>
  </properties>
 </tile>
 <tile id="47">
  <properties>
   <property name="name" value="hive_hazard"/>
  </properties>
 </tile>
</tileset>
